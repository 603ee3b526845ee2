import type { StateCreator } from 'zustand';
import type { Subscription } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';
import type { RunsSlice } from '../workflows/runs-slice';
import { ERRORS_CHANNEL } from './wiring-graph';

/** Where a wiring action failed, so the screen shows the message next to it. */
export type WiringPlace = 'create' | 'forward' | 'delete' | 'deliveries';

/** Creating and deleting subscriptions, and seeding a listener's runs for an edge's deliveries. */
export interface WiringSlice {
  wiringErrors: Partial<Record<WiringPlace, string>>;
  /** POST /v1/subscriptions; the list refreshes (the change frame would do it too, a moment later). */
  subscribe(emitterId: string, listenerId: string, eventName: string, place?: WiringPlace): Promise<Subscription | null>;
  /** Forwards a workflow's `$errors` to a listener: one click in the UI. */
  forwardErrors(workflowId: string, listenerId: string): Promise<Subscription | null>;
  unsubscribe(sub: Subscription): Promise<boolean>;
  /** Reads the listener's last 100 runs into `runs`, keeping runs that arrived live meanwhile. */
  loadListenerRuns(listenerId: string): Promise<void>;
  clearWiringError(place: WiringPlace): void;
}

export const createWiringSlice: StateCreator<WiringSlice & ResourcesSlice & RunsSlice, [], [], WiringSlice> = (set, get) => {
  const fail = (place: WiringPlace, err: unknown) => set((s) => ({ wiringErrors: { ...s.wiringErrors, [place]: messageOf(err) } }));
  const ok = (place: WiringPlace) => set((s) => ({ wiringErrors: { ...s.wiringErrors, [place]: undefined } }));
  return {
    wiringErrors: {},
    async subscribe(emitterId, listenerId, eventName, place = 'create') {
      try {
        const sub = await client.data('subscribe', { query: { emitter_id: emitterId, listener_id: listenerId, event_name: eventName } });
        ok(place);
        await get().refresh('subscriptions');
        return sub;
      } catch (err) {
        fail(place, err);
        return null;
      }
    },
    forwardErrors: (workflowId, listenerId) => get().subscribe(workflowId, listenerId, ERRORS_CHANNEL, 'forward'),
    async unsubscribe(sub) {
      try {
        await client.data('unsubscribe', { query: { emitter_id: sub.emitter_id, listener_id: sub.listener_id, event_name: sub.event_name } });
        ok('delete');
        await get().refresh('subscriptions');
        return true;
      } catch (err) {
        fail('delete', err);
        return false;
      }
    },
    async loadListenerRuns(listenerId) {
      try {
        const read = await client.data('listRuns', { id: listenerId, query: { limit: 100 } });
        const seen = new Set(read.map((r) => r.id));
        const live = (get().runs[listenerId] ?? []).filter((r) => !seen.has(r.id));
        get().setRuns(listenerId, [...live, ...read].sort((a, b) => b.started_at - a.started_at).slice(0, 100));
        ok('deliveries');
      } catch (err) {
        fail('deliveries', err);
      }
    },
    clearWiringError: (place) => ok(place),
  };
};
