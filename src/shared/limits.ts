// Limits of the hosted service that Runnel keeps (spec section 8, NOTES).
export const LIMITS = {
  propValueBytes: 64 * 1024,
  dbValueBytes: 60 * 1024,
  dedupeUniqueIds: 100,
  dedupeIdChars: 64,
  eventRetention: 100,
  logRetention: 100,
  /** One log line; longer ones are cut (by the runner, and again where the service logs). */
  logLineChars: 16 * 1024,
  webhookBodyBytes: 512 * 1024,
  restBodyBytes: 5 * 1024 * 1024,
  customResponseWaitMs: 30_000,
  sourceQueueLength: 1000,
  defaultSourceTimeoutSeconds: 300,
  defaultMemoryCapMb: 256,
  maxRunners: 4,
  sseHandshakeMs: 15_000,
  /** One emitted event, JSON-serialized with its metadata (hosted: 1 MB per emit). */
  emitEventBytes: 1024 * 1024,
  /** All events one invocation emits together (hosted: the 6 MB function payload limit). */
  invocationEmitBytes: 6 * 1024 * 1024,
  /** `$.flow.delay` / `suspend` / `rerun`: the longest pause (hosted: 1 year). */
  flowMaxPauseMs: 365 * 24 * 3600 * 1000,
  /** `$.flow.suspend()` without a timeout is cancelled after this long. */
  flowSuspendDefaultMs: 24 * 3600 * 1000,
  /** The `context` a `$.flow.rerun` passes back, as JSON. */
  flowRerunContextBytes: 64 * 1024,
  /** The highest `maxRetries` of `$.flow.rerun`. */
  flowMaxRetries: 10_000,
  /** The body POSTed to a resume URL (it becomes `$resume_data` or the callback request). */
  flowResumeBodyBytes: 512 * 1024,
} as const;
