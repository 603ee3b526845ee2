import type { SubscriptionDoc, WorkflowDoc } from '../../domain/deployments';
import type { StoredEvent } from '../../domain/events';
import type { Deployments } from '../deployments/deployments';

/** A delivery that would make the chain of subscriptions longer than this is not made. */
export const MAX_HOPS = 16;

export interface SubscriptionTriggerDeps {
  deployments: Deployments;
  /** Listens to every event stored on any emitter's channel (after its write); returns "stop". */
  onAnyEvent(listener: (emitterId: string, e: StoredEvent) => void): () => void;
  subscriptions(): readonly SubscriptionDoc[];
  workflow(id: string): WorkflowDoc | undefined;
  /** A delivery refused because the chain is too long (said on the listener's $errors). */
  refuseLoop(listener: WorkflowDoc, emitterId: string, e: StoredEvent, error: { name: string; message: string }, hops: number): void;
}

/**
 * Subscriptions as a trigger (spec 2.6, 4.6): each event stored on an emitter's channel runs
 * each active listener workflow subscribed to that channel once, hop + 1. Emitters may be the
 * globs `dc_*` (every source) and `p_*` (every workflow other than the listener itself).
 */
export class SubscriptionTrigger {
  private off?: () => void;

  constructor(private readonly deps: SubscriptionTriggerDeps) {}

  start(): void {
    this.off = this.deps.onAnyEvent((emitterId, e) => this.route(emitterId, e));
  }

  dispose(): void {
    this.off?.();
  }

  private route(emitterId: string, e: StoredEvent): void {
    for (const sub of this.deps.subscriptions()) {
      if (sub.event_name !== e.ch || !matches(sub, emitterId)) continue;
      const listener = this.deps.workflow(sub.listener_id);
      if (!listener || !listener.active) continue;
      const hops = (e.hops ?? 0) + 1;
      if (hops > MAX_HOPS) {
        const message = `Not delivered: event ${e.id} from ${emitterId} has already passed through ${MAX_HOPS} subscriptions (a loop?)`;
        this.deps.refuseLoop(listener, emitterId, e, { name: 'SubscriptionLoopError', message }, hops);
        continue;
      }
      this.deps.deployments.dispatchQuietly(listener.id, { event: e.ev, sourceType: 'subscription', hops, emitterId });
    }
  }
}

function matches(sub: SubscriptionDoc, emitterId: string): boolean {
  if (sub.emitter_id === emitterId) return true;
  // Through a glob, a workflow does not hear itself.
  if (sub.emitter_id === 'dc_*') return emitterId.startsWith('dc_');
  if (sub.emitter_id === 'p_*') return emitterId.startsWith('p_') && emitterId !== sub.listener_id;
  return false;
}
