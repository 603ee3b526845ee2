import type { ErrorCounts, WorkflowRun } from '../../../shared/resources';
import type { SerializedError } from '../../domain/invocations';
import type { Clock } from '../../scheduler/clock';
import type { StepDoc, WorkflowDoc } from '../../store/document-types';
import type { EventLog } from '../../engine/ports/event-log';
import type { Destinations } from './destinations';

export const ERRORS_CHANNEL = '$errors';

/** A workflow's failed runs as its `$errors` channel keeps them, and the newest one. */
export function errorCountsOf(events: EventLog, workflowId: string): ErrorCounts {
  const { events: newest, total } = events.list(workflowId, { channel: ERRORS_CHANNEL, limit: 1 });
  const e = newest[0];
  if (!e) return { count: total, last: null };
  const error = (e.ev as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    count: total,
    last: { at: e.ms, name: String(error?.code ?? 'Error'), message: String(error?.message ?? e.sum ?? '') },
  };
}

export interface ErrorsChannelDeps {
  clock: Clock;
  destinations: Destinations;
  /** The desktop app shows a notification; headless, nothing. */
  notify?(wf: WorkflowDoc, error: SerializedError): void;
  /** After the error is stored: the workflow's error count changed. */
  onRecorded?(workflowId: string): void;
}

/**
 * Records a failed run on the workflow's `$errors` channel (spec 2.4), which subscriptions
 * forward like any channel, and sends the owner an e-mail notice (spec 6, rule 2).
 */
export class ErrorsChannel {
  constructor(private readonly deps: ErrorsChannelDeps) {}

  async record(wf: WorkflowDoc, run: WorkflowRun | null, step: StepDoc | null, error: SerializedError, hops: number, originalEvent?: unknown): Promise<void> {
    const ctx = run?.trigger.context ?? {};
    const now = new Date(this.deps.clock.now()).toISOString();
    const event = {
      original_event: run ? run.trigger.event : (originalEvent ?? null),
      original_context: {
        id: ctx.id ?? null,
        ts: ctx.ts ?? now,
        workflow_id: wf.id,
        deployment_id: wf.deployment_id,
        source_type: ctx.source_type ?? null,
        verified: false,
        owner_id: ctx.owner_id ?? null,
        platform_version: ctx.platform_version ?? null,
      },
      error: {
        code: error.name,
        message: error.message,
        cellId: step?.id ?? null,
        ts: now,
        stack: error.stack ?? `${error.name}: ${error.message}`,
      },
    };
    await this.deps.destinations.emit(wf.id, { event, name: ERRORS_CHANNEL, summary: `${error.name}: ${error.message}`.slice(0, 200) }, hops);
    this.deps.onRecorded?.(wf.id);
    this.deps.destinations.email({
      subject: `Runnel: workflow "${wf.name}" failed`,
      text: `${step ? `Step "${step.name}"` : 'A delivery'} of workflow ${wf.name} (${wf.id}) failed.\n\n${error.name}: ${error.message}\n\nSee GET /v1/workflows/${wf.id}/$errors/event_summaries?expand=event`,
      workflow_id: wf.id,
    });
    this.deps.notify?.(wf, error);
  }
}
