// `$.flow` of a workflow step. exit() must end the step at once whether or not the component
// writes `return $.flow.exit()`, so it throws a sentinel that only this step recognises (a
// component cannot forge one to fake an exit of another step).

export interface StepFlow {
  /** What the component sees as `$.flow`. */
  readonly api: Readonly<Record<'exit' | 'delay' | 'rerun', (...args: unknown[]) => unknown>>;
  /** True for a sentinel thrown by this step's exit(). */
  isExit(thrown: unknown): boolean;
  /** The reason of the latest exit() call, if any. */
  exit(): { reason: string } | undefined;
}

export interface FlowOptions {
  isOpen(): boolean;
  onLateCall(what: string): void;
}

/** `$.flow` for one step. */
export function makeStepFlow(o: FlowOptions): StepFlow {
  const sentinels = new WeakSet<object>();
  let exit: { reason: string } | undefined;
  const notSupported = (name: string) => () => {
    throw new Error(`$.flow.${name}() is not supported in Runnel yet`);
  };
  const api = Object.freeze({
    exit(reason?: unknown): never | undefined {
      if (!o.isOpen()) {
        o.onLateCall('$.flow.exit()');
        return undefined;
      }
      // Recorded before throwing: a component that catches the sentinel by accident (a broad
      // try/catch) still asked for the workflow to end.
      exit = { reason: String(reason ?? '') };
      const sentinel = new Error('$.flow.exit() ended the step (this error is how it stops the code; do not catch it)');
      sentinel.name = 'FlowExit';
      sentinels.add(sentinel);
      throw sentinel;
    },
    delay: notSupported('delay'),
    rerun: notSupported('rerun'),
  });
  return {
    api,
    isExit: (thrown) => typeof thrown === 'object' && thrown !== null && sentinels.has(thrown),
    exit: () => exit,
  };
}
