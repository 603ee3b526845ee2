import { RunnelError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { Logger } from '../../logger';
import type { SubscriptionDoc, WorkflowDoc } from '../../store/document-types';
import type { DocumentStore } from '../../store/documents';
import type { StoredEvent } from '../../store/event-store';
import type { EventBus } from '../event-bus';
import type { ErrorsChannel } from './errors-channel';
import type { TriggerInput } from './run-executor';

/** A delivery that would make the chain of subscriptions longer than this is not made. */
export const MAX_HOPS = 16;
const GLOBS = new Set(['dc_*', 'p_*']);

export interface SubscriptionDeps {
  docs: DocumentStore;
  bus: EventBus;
  logger: Logger;
  errors: ErrorsChannel;
  /** Starts a run of the listener workflow (queued; never throws). */
  trigger(listenerId: string, input: TriggerInput): void;
}

/**
 * Subscriptions (spec 2.6, 4.6): each event stored on an emitter's channel runs each listener
 * workflow subscribed to that channel once. Emitters may be the globs `dc_*` (every source)
 * and `p_*` (every workflow other than the listener itself).
 */
export class Subscriptions {
  private off?: () => void;

  constructor(private readonly deps: SubscriptionDeps) {}

  start(): void {
    this.off = this.deps.bus.onAnyEvent((emitterId, e) => this.route(emitterId, e));
  }

  dispose(): void {
    this.off?.();
  }

  list(): SubscriptionDoc[] {
    return [...this.deps.docs.data.subscriptions];
  }

  /** Adds a subscription (the existing one when it is already there). */
  async create(emitterId: string, listenerId: string, eventName: string): Promise<SubscriptionDoc> {
    if (!GLOBS.has(emitterId) && !this.deps.docs.source(emitterId) && !this.deps.docs.workflow(emitterId)) {
      throw new RunnelError('not_found', `No source or workflow with id "${emitterId}" to subscribe to`);
    }
    if (!this.deps.docs.workflow(listenerId)) throw new RunnelError('not_found', `No workflow with id "${listenerId}" to listen`);
    const existing = this.find(emitterId, listenerId, eventName);
    if (existing) return existing;
    const sub: SubscriptionDoc = { id: newId('sub'), emitter_id: emitterId, listener_id: listenerId, event_name: eventName };
    await this.deps.docs.update((doc) => {
      doc.subscriptions.push(sub);
    });
    return sub;
  }

  async remove(emitterId: string, listenerId: string, eventName: string): Promise<void> {
    const existing = this.find(emitterId, listenerId, eventName);
    if (!existing) throw new RunnelError('not_found', 'No such subscription');
    await this.deps.docs.update((doc) => {
      doc.subscriptions = doc.subscriptions.filter((s) => s.id !== existing.id);
    });
  }

  /** Drops every subscription that names `id` (a deleted source or workflow). */
  async removeFor(id: string): Promise<void> {
    if (!this.deps.docs.data.subscriptions.some((s) => s.emitter_id === id || s.listener_id === id)) return;
    await this.deps.docs.update((doc) => {
      doc.subscriptions = doc.subscriptions.filter((s) => s.emitter_id !== id && s.listener_id !== id);
    });
  }

  private find(emitterId: string, listenerId: string, eventName: string): SubscriptionDoc | undefined {
    return this.deps.docs.data.subscriptions.find((s) => s.emitter_id === emitterId && s.listener_id === listenerId && s.event_name === eventName);
  }

  private route(emitterId: string, e: StoredEvent): void {
    for (const sub of this.deps.docs.data.subscriptions) {
      if (sub.event_name !== e.ch || !matches(sub, emitterId)) continue;
      const listener = this.deps.docs.workflow(sub.listener_id);
      if (!listener || !listener.active) continue;
      const hops = (e.hops ?? 0) + 1;
      if (hops > MAX_HOPS) {
        this.refuse(listener, emitterId, e, hops);
        continue;
      }
      this.deps.trigger(listener.id, { event: e.ev, sourceType: 'subscription', hops, emitterId });
    }
  }

  private refuse(listener: WorkflowDoc, emitterId: string, e: StoredEvent, hops: number): void {
    const error = {
      name: 'SubscriptionLoopError',
      message: `Not delivered: event ${e.id} from ${emitterId} has already passed through ${MAX_HOPS} subscriptions (a loop?)`,
    };
    this.deps.errors.record(listener, null, null, error, hops, e.ev).catch((err) => this.deps.logger.error('could not record a refused delivery', err));
  }
}

function matches(sub: SubscriptionDoc, emitterId: string): boolean {
  if (sub.emitter_id === emitterId) return true;
  // Through a glob, a workflow does not hear itself.
  if (sub.emitter_id === 'dc_*') return emitterId.startsWith('dc_');
  if (sub.emitter_id === 'p_*') return emitterId.startsWith('p_') && emitterId !== sub.listener_id;
  return false;
}
