import { RunnelError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { SubscriptionDoc } from '../../store/document-types';
import type { DocumentStore } from '../../store/documents';

const GLOBS = new Set(['dc_*', 'p_*']);


/**
 * The stored subscriptions (spec 2.6, 4.6): who listens to which emitter's channel. Emitters
 * may be the globs `dc_*` and `p_*`; delivery is the subscription trigger's
 * (engine/triggers/subscription-trigger.ts).
 */
export class Subscriptions {
  constructor(private readonly deps: { docs: DocumentStore }) {}

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
}
