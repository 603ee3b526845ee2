// Out-of-band facts a runner reports on stderr, where they survive the runner being killed a
// moment later (an IPC message might not). Shared by host (writes) and client (matches).

/** Written by the memory watchdog right before it SIGKILLs its runner. */
export const MEMORY_CAP_MARKER = 'RUNNEL_MEMORY_CAP_EXCEEDED';
