import type { EventSummary, SseEmitFrame } from '../../../../shared/resources';

/** Sources are `dc_…`; everything else that emits (workflows `p_…`) is treated as a workflow. */
export type EmitterKind = 'source' | 'workflow';

export function emitterKind(id: string): EmitterKind {
  return id.startsWith('dc_') ? 'source' : 'workflow';
}

/** The name users see for a channel: the default channel is `""`. */
export function channelLabel(channel: string): string {
  return channel === '' ? 'default' : channel;
}

/** An event summary read over REST, in the shape the account stream delivers. */
export function summaryToFrame(s: EventSummary): SseEmitFrame {
  return {
    k: 'emit',
    id: s.id,
    ts: s.indexed_at_ms,
    e: s.event,
    sum: s.metadata.summary ?? null,
    name: s.metadata.name,
    metadata: s.metadata,
  };
}

/** The channels seen among `frames` (plus any `extra` loaded by name): default first, then by name. */
export function channelsOf(frames: SseEmitFrame[], extra: string[] = []): string[] {
  const set = new Set<string>(extra);
  for (const f of frames) set.add(f.name);
  return [...set].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
}

export interface EventFilter {
  /** Only this channel; `null`: every channel. */
  channel: string | null;
  /** Case-insensitive text looked for in the summary, the id and the payload JSON. */
  text: string;
}

/** The frames a filter keeps, in their order. */
export function filterEvents(frames: SseEmitFrame[], f: EventFilter): SseEmitFrame[] {
  const needle = f.text.trim().toLowerCase();
  return frames.filter((e) => {
    if (f.channel !== null && e.name !== f.channel) return false;
    if (!needle) return true;
    if ((e.sum ?? '').toLowerCase().includes(needle) || e.id.includes(needle)) return true;
    return (JSON.stringify(e.e) ?? '').toLowerCase().includes(needle);
  });
}

/** Finds an event by id (ids are per channel, so the first match wins). */
export function findEvent(frames: SseEmitFrame[] | undefined, id: string): SseEmitFrame | undefined {
  return frames?.find((f) => f.id === id);
}

/** A saved event, replayable later with `runnel` or a test: the payload and where it came from. */
export interface EventFixture {
  runnel_fixture: 1;
  emitter_id: string;
  channel: string;
  id: string;
  ts: number;
  event: unknown;
}

export function buildFixture(emitterId: string, f: SseEmitFrame): EventFixture {
  return { runnel_fixture: 1, emitter_id: emitterId, channel: f.name, id: f.id, ts: f.ts, event: f.e };
}

/** `<emitter>-<event id>.json`. */
export function fixtureFileName(emitterId: string, eventId: string): string {
  return `${emitterId}-${eventId}.json`.replace(/[^\w.$-]/g, '_');
}

