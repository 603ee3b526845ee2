// A workflow's execution controls (concurrency, throttle, queue size, memory) as stored, as
// shown, and as its queue applies them. The defaults follow the hosted service.
import { EXECUTION_LIMITS, THROTTLE_UNIT_MS, type UpdateWorkflowBody } from '../../../shared/api';
import type { Workflow } from '../../../shared/resources';
import type { QueueControls } from '../../engine/ports/run-queue';
import type { WorkflowDoc } from '../../store/document-types';

type Controls = Pick<Workflow, 'concurrency' | 'throttle' | 'queue_size' | 'memory_mb' | 'auto_retry' | 'notify_first_error'>;
const KEYS = ['concurrency', 'throttle', 'queue_size', 'memory_mb', 'auto_retry', 'notify_first_error'] as const;

/**
 * What a workflow's settings are, defaults filled in: an HTTP-triggered workflow runs its
 * events in parallel by default (unlimited, as hosted), every other one a run at a time.
 */
export function controlsView(wf: WorkflowDoc): Controls {
  return {
    concurrency: wf.concurrency !== undefined ? wf.concurrency : wf.trigger.type === 'http' ? null : 1,
    throttle: wf.throttle ?? null,
    queue_size: wf.queue_size ?? EXECUTION_LIMITS.defaultQueueSize,
    memory_mb: wf.memory_mb ?? EXECUTION_LIMITS.minMemoryMb,
    auto_retry: wf.auto_retry ?? false,
    notify_first_error: wf.notify_first_error ?? false,
  };
}

/** The settings a create or update body sets; those it leaves out keep their stored value. */
export function controlsFrom(body: Partial<UpdateWorkflowBody>, old: Partial<WorkflowDoc>): Partial<WorkflowDoc> {
  const pick = <K extends (typeof KEYS)[number]>(k: K) => (body[k] !== undefined ? body[k] : old[k]);
  const out: Partial<WorkflowDoc> = {};
  for (const k of KEYS) {
    const v = pick(k);
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/**
 * The controls its queue applies. "Unlimited" is bounded by the runner pool: a run beyond the
 * number of runners would only wait for one inside the pool, its deadline ticking, so the
 * extra runs wait in the workflow's queue instead (where the queue size counts them).
 */
export function queueControls(wf: WorkflowDoc, runners: number): QueueControls {
  const v = controlsView(wf);
  return {
    concurrency: v.concurrency === null ? Math.max(1, runners) : v.concurrency,
    throttle: v.throttle ? { limit: v.throttle.limit, windowMs: v.throttle.interval * THROTTLE_UNIT_MS[v.throttle.unit] } : null,
    queueSize: v.queue_size,
  };
}

/** The `$errors` error of an event a full queue refused, as hosted ("Event Queue Full"). */
export function queueFullError(wf: WorkflowDoc): { name: string; message: string } {
  return {
    name: 'EventQueueFull',
    message: `Event Queue Full: ${controlsView(wf).queue_size} events were already waiting (the queue size), so this event was refused; raise the queue size, concurrency or throttle in the workflow's settings`,
  };
}
