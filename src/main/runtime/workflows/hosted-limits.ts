// Limits of the hosted service that Runnel does not enforce on a workflow run but warns about in
// the run's own logs, so that what passes locally also passes once deployed there.
import { LIMITS } from '../../../shared/limits';
import type { LogLine, StepRun } from '../../../shared/resources';
import type { TriggerInput } from '../../domain/triggers';
import type { WorkflowDoc } from '../../store/document-types';

/** Hosted: the event, console output and step exports of one run together (the function payload limit). */
export const HOSTED_RUN_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** Hosted: an HTTP trigger's body (Runnel's webhooks refuse more with 413 too; a manual run may send up to 5 MB). */
export const HOSTED_EVENT_BYTES = LIMITS.webhookBodyBytes;

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
const kb = (n: number) => `${Math.round(n / 1024)} KB`;

function jsonBytes(v: unknown): number {
  try {
    return v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v) ?? '');
  } catch {
    return 0;
  }
}

/** Watches one run against the hosted limits; each warning is said once, in the step where it arose. */
export class HostedLimitWatch {
  private total: number;
  private warnedPayload = false;
  private pending: string[] = [];

  constructor(wf: WorkflowDoc, input: TriggerInput, memoryCapMb: number) {
    const eventBytes = jsonBytes(input.event);
    this.total = eventBytes;
    if (input.sourceType !== 'http' && eventBytes > HOSTED_EVENT_BYTES) {
      this.pending.push(`hosted limit: the trigger event is ${kb(eventBytes)} as JSON; the hosted service refuses HTTP bodies over ${kb(HOSTED_EVENT_BYTES)} (413 Payload Too Large)`);
    }
    if (wf.memory_mb !== undefined && wf.memory_mb > memoryCapMb) {
      this.pending.push(
        `memory: this workflow asks for ${wf.memory_mb} MB, but Runnel's runners hold every run to the service's memory cap of ${memoryCapMb} MB (Settings → memory_cap_mb)`,
      );
    }
  }

  /** Adds the step's warnings (and the run's first ones) to its logs, as stderr lines. */
  afterStep(step: StepRun, now: number): void {
    this.total += jsonBytes(step.exports) + jsonBytes(step.$return_value) + step.logs.reduce((n, l) => n + Buffer.byteLength(l.line), 0);
    if (!this.warnedPayload && this.total > HOSTED_RUN_PAYLOAD_BYTES) {
      this.warnedPayload = true;
      this.pending.push(
        `hosted limit: this run's event, logs and step exports come to ${mb(this.total)} after step "${step.name}"; the hosted service fails a run over ${mb(HOSTED_RUN_PAYLOAD_BYTES)} (its function payload limit)`,
      );
    }
    for (const line of this.pending.splice(0)) step.logs.push({ ts: now, stream: 'stderr', line: `[runnel] warning: ${line}` } satisfies LogLine);
  }
}
