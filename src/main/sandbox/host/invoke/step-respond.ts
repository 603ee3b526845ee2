// `$.respond` of a workflow step: answers the HTTP request that triggered the workflow. The
// response is sent to the main process at once (the caller is waiting); `immediate` is
// accepted for compatibility and changes nothing, since every response here is immediate.
import type { HttpResponseSpec } from '../../../domain/invocations';
import { parseResponse } from './http-interface';

export interface StepRespondOptions {
  canRespond: boolean;
  isOpen(): boolean;
  onLateCall(what: string): void;
  send(response: HttpResponseSpec): void;
  /** The step already asked to pause the run ($.flow.delay / suspend / rerun). */
  isPaused?(): boolean;
}

export interface StepRespond {
  respond(spec: unknown): void;
  responded(): boolean;
}

/** `$.respond` for one step. */
export function makeStepRespond(o: StepRespondOptions): StepRespond {
  let responded = false;
  return {
    respond(spec: unknown) {
      if (!o.isOpen()) {
        o.onLateCall('$.respond()');
        return;
      }
      if (!o.canRespond) throw new Error('$.respond is only available in a workflow triggered by an HTTP request');
      if (o.isPaused?.()) {
        throw new Error('Runnel: $.respond cannot be called after $.flow.delay, suspend or rerun: the run pauses and its HTTP caller is answered then. Call $.respond before pausing.');
      }
      if (responded) throw new Error('$.respond: already called in this step; an HTTP request gets one response');
      const response = parseResponse(spec, '$.respond');
      const immediate = (spec as { immediate?: unknown }).immediate;
      if (immediate !== undefined && typeof immediate !== 'boolean') {
        throw new TypeError(`$.respond: immediate must be a boolean, got ${typeof immediate}`);
      }
      responded = true;
      o.send(response);
    },
    responded: () => responded,
  };
}
