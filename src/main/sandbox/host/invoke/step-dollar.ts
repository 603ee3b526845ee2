// A workflow step's `run({ steps, $ })` argument and what the step produced besides its return
// value. `$` is assembled from one module per capability (send, respond, flow); exports and
// the summary are simple enough to live here.
import type { HttpResponseSpec, SendRecord, StepContext, StepResult } from '../../../domain/invocations';
import { makeStepFlow } from './step-flow';
import { makeStepRespond } from './step-respond';
import { makeStepSend } from './step-send';
import { copyOf, frozenCopy } from './value-checks';

export interface StepOptions {
  context: StepContext;
  isOpen(): boolean;
  /** A `[runnel]` line in the step's stderr. */
  warn(line: string): void;
  respond(response: HttpResponseSpec): void;
}

export interface Step {
  /** What run() is called with. */
  argument: { steps: Record<string, unknown>; $: Record<string, unknown> };
  /** True when run() threw because of `$.flow.exit()`: the step succeeded. */
  isExit(thrown: unknown): boolean;
  /** Everything recorded so far, as it goes to the main process. */
  result(): StepResult;
}

/** The `$` and `steps` of one step invocation. */
export function makeStep(o: StepOptions): Step {
  // A Map, so an export named "__proto__" is an entry like any other.
  const exports = new Map<string, unknown>();
  let summary: string | undefined;
  const sends: SendRecord[] = [];
  const onLateCall = (what: string) => o.warn(`[runnel] ${what} was called after the step ended; it was ignored`);
  const guard = { isOpen: o.isOpen, onLateCall };

  const exportValue = (name: unknown, value: unknown) => {
    if (!o.isOpen()) return onLateCall(`$.export(${JSON.stringify(name) ?? String(name)})`);
    if (typeof name !== 'string' || name === '') throw new TypeError(`$.export: the name must be a non-empty string, got ${JSON.stringify(name) ?? typeof name}`);
    if (name === '$summary') {
      summary = String(value);
      return;
    }
    // Copied now: what later steps see is the value at export time.
    exports.set(name, copyOf(value, `$.export: the value of export "${name}"`));
  };
  const flow = makeStepFlow({ ...guard, urls: o.context.flow });
  const respond = makeStepRespond({ ...guard, canRespond: o.context.canRespond, send: o.respond, isPaused: () => flow.pause() !== undefined });

  const $ = Object.freeze({
    export: exportValue,
    respond: respond.respond,
    flow: flow.api,
    send: makeStepSend({ ...guard, records: sends }),
    context: frozenCopy(o.context.context),
  });
  return {
    argument: { steps: frozenCopy(o.context.steps), $ },
    isExit: flow.isExit,
    result() {
      const exit = flow.exit();
      const pause = flow.pause();
      return {
        exports: Object.fromEntries(exports),
        ...(summary !== undefined ? { summary } : {}),
        ...(exit ? { exit } : {}),
        sends: [...sends],
        responded: respond.responded(),
        ...(pause ? { pause } : {}),
      };
    },
  };
}

/** The step result of a step that never ran (its module failed to load). */
export function emptyStepResult(): StepResult {
  return { exports: {}, sends: [], responded: false };
}
