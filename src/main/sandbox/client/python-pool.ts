// The pool of Python runners (out/main/python-runner.js, sandbox/python-host/): the same pool,
// protocol and OS wall as JavaScript runners, with Pyodide's package readable, no scratch root
// (Python's files live in the interpreter's memory), and the limits a WebAssembly interpreter
// needs: seconds to start cold, so started runners are kept warm longer.
import { dirname, join } from 'node:path';
import { PYTHON_RUNNER_PACKAGES } from './os-wall/read-grants';
import { RunnerPool, type RunnerPoolOptions } from './runner-pool';

/** A cold start (Pyodide's WebAssembly and Python's start-up, then a snapshot) takes ~2-10 s. */
const PYTHON_START_TIMEOUT_MS = 120_000;
/** Idle Python runners are stopped after this long (a cold start costs seconds). */
const PYTHON_IDLE_MS = 10 * 60_000;
/**
 * Memory a Python runner may use above its start: a fresh interpreter for another workflow is
 * ~50 MB of WebAssembly memory until the previous one is collected.
 */
const PYTHON_EXTRA_MB = 256;

/** The Python runner beside the JavaScript runner `runnerEntry`. */
export function pythonRunnerEntry(runnerEntry: string): string {
  return join(dirname(runnerEntry), 'python-runner.js');
}

/** A pool of Python runners, made like the JavaScript one from `opts`. */
export function pythonPool(opts: RunnerPoolOptions): RunnerPool {
  const cap = opts.memoryCapMb;
  return new RunnerPool({
    ...opts,
    runnerEntry: pythonRunnerEntry(opts.runnerEntry),
    maxRunners: Math.min(2, opts.maxRunners ?? 2),
    runnerPackages: PYTHON_RUNNER_PACKAGES,
    scratchAccess: false,
    startTimeoutMs: PYTHON_START_TIMEOUT_MS,
    idleMs: PYTHON_IDLE_MS,
    memoryCapMb: () => (typeof cap === 'function' ? cap() : (cap ?? 256)) + PYTHON_EXTRA_MB,
  });
}
