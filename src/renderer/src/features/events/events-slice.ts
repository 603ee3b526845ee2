import type { StateCreator } from 'zustand';
import type { SseEmitFrame } from '../../../../shared/resources';
import type { AppState } from '../../store/index';

/** How many live events per emitter the page keeps (the service retains 100 per channel). */
export const LIVE_EVENT_CAP = 200;

/** Events as they arrive on the account stream, newest first, per emitter (source or workflow). */
export interface EventsSlice {
  liveEvents: Record<string, SseEmitFrame[]>;
  addLiveEvent(emitterId: string, frame: SseEmitFrame): void;
  /** Seeds (or replaces) an emitter's list from event_summaries, keeping newer live rows. */
  setEvents(emitterId: string, frames: SseEmitFrame[]): void;
}

export const createEventsSlice: StateCreator<AppState, [], [], EventsSlice> = (set) => ({
  liveEvents: {},
  addLiveEvent: (emitterId, frame) =>
    set((s) => {
      const list = s.liveEvents[emitterId] ?? [];
      if (list.some((f) => f.id === frame.id && f.name === frame.name)) return {};
      return { liveEvents: { ...s.liveEvents, [emitterId]: [frame, ...list].slice(0, LIVE_EVENT_CAP) } };
    }),
  setEvents: (emitterId, frames) =>
    set((s) => {
      const seen = new Set(frames.map((f) => `${f.name}\u0000${f.id}`));
      const newer = (s.liveEvents[emitterId] ?? []).filter((f) => !seen.has(`${f.name}\u0000${f.id}`));
      const merged = [...newer, ...frames].sort((a, b) => b.ts - a.ts || (a.id < b.id ? 1 : -1));
      return { liveEvents: { ...s.liveEvents, [emitterId]: merged.slice(0, LIVE_EVENT_CAP) } };
    }),
});
