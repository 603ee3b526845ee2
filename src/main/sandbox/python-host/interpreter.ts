// The Python runner's interpreters: Pyodide (CPython compiled to WebAssembly) loaded once from
// the npm package, its memory snapshotted, and a fresh interpreter made from that snapshot for
// each workflow the runner serves (~10x faster than a cold load), so no module state, builtins
// or /tmp file of one workflow's steps is seen by another's. Steps of one workflow share a warm
// interpreter; each run gets a fresh namespace.
import type { PyodideInterface } from 'pyodide';
import { loadPyodide } from 'pyodide';
import { PRELUDE } from './prelude';

export type LineSink = (stream: 'stdout' | 'stderr', line: string) => void;

export interface Interpreter {
  /** Runs one step: the request as JSON in, the outcome as JSON out (prelude's __runnel_run). */
  run(requestJson: string): string;
}

/** Warm interpreters kept per runner, one per workflow (the least recently used goes first). */
const KEPT = 3;

/**
 * Loads and snapshots Pyodide; `for(owner)` then answers that workflow's warm interpreter, or
 * the spare one (made from the snapshot while the runner was idle), or a fresh one.
 */
export class Interpreters {
  private snapshot?: Uint8Array;
  /** By owner, least recently used first. */
  private readonly warm = new Map<string, Interpreter>();
  private spare?: Promise<Interpreter>;

  constructor(private readonly sink: LineSink) {}

  /** The cold start: the WebAssembly module and Python's start-up, then a snapshot of it. */
  async load(): Promise<void> {
    const base = await loadPyodide({ ...this.options(), _makeSnapshot: true } as Parameters<typeof loadPyodide>[0]);
    this.snapshot = (base as PyodideInterface & { makeMemorySnapshot(): Uint8Array }).makeMemorySnapshot();
  }

  /** The interpreter for `owner` (a workflow id): its warm one, else one that has run nothing yet. */
  async for(owner: string): Promise<Interpreter> {
    const kept = this.warm.get(owner);
    if (kept) {
      this.warm.delete(owner);
      this.warm.set(owner, kept);
      return kept;
    }
    const spare = this.spare;
    this.spare = undefined;
    const py = spare ? await spare.catch(() => this.fresh()) : await this.fresh();
    this.warm.set(owner, py);
    if (this.warm.size > KEPT) this.warm.delete(this.warm.keys().next().value!);
    return py;
  }

  /** Makes the spare interpreter now (the runner is idle), if there is none. */
  prepareSpare(): Promise<unknown> {
    this.spare ??= this.fresh();
    return this.spare.catch(() => undefined);
  }

  /** Drops `owner`'s interpreter (after a fault inside it). */
  discard(owner: string): void {
    this.warm.delete(owner);
  }

  private async fresh(): Promise<Interpreter> {
    if (!this.snapshot) await this.load();
    const py = await loadPyodide({ ...this.options(), _loadSnapshot: this.snapshot } as Parameters<typeof loadPyodide>[0]);
    // The bridges Python would otherwise import: the JavaScript global scope (an empty object
    // here anyway) and the interpreter's own API.
    for (const name of ['js', 'pyodide_js']) {
      try {
        py.unregisterJsModule(name);
      } catch {
        /* not registered */
      }
    }
    py.runPython(PRELUDE);
    const entry = py.globals.get('__runnel_run') as ((json: string) => string) & { destroy?(): void };
    return { run: (json) => entry(json) };
  }

  private options(): Record<string, unknown> {
    return {
      // What `import js` would reach: nothing of the runner's global scope.
      jsglobals: Object.freeze(Object.create(null) as object),
      stdout: (line: string) => this.sink('stdout', line),
      stderr: (line: string) => this.sink('stderr', line),
      env: { HOME: '/home/pyodide' },
      checkAPIVersion: true,
    };
  }
}
