// A source's trigger inputs as manual runs use them: what each invocation keeps (its trigger
// input), the input an event is re-run with, and the test event a Run now is pre-filled with.
import { RunnelError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import type { TestEvent, TriggerInputView } from '../../shared/trigger-schemas';
import type { TriggerInput } from '../domain/triggers';
import type { RunResult } from '../../shared/resources';
import type { Clock } from '../scheduler/clock';
import type { EventLog, KeptTrigger, KeptTriggerKind } from '../engine/ports/event-log';
import type { SourceDoc } from '../store/document-types';
import { keptTrigger, MAX_KEPT_INPUT_CHARS, MAX_KEPT_TRIGGERS } from '../store/kept-triggers';
import { httpEventOf } from './http-event';
import { sampleHttpEvent } from './sample-events';
import { timerEvent } from '../engine/props/timer-config';

/** The kept form of a run's input (a re-run is a manual run). */
export function triggerToKeep(input: TriggerInput, nowMs: number): KeptTrigger {
  return keptTrigger(newId('i'), kindOf(input.sourceType), input.at ?? nowMs, input.event);
}

function kindOf(t: TriggerInput['sourceType']): KeptTriggerKind {
  return t === 'http' || t === 'timer' || t === 'subscription' ? t : 'manual';
}

/**
 * The original input of the invocation that emitted `eventId`: 404 when the event is not
 * retained, 409 when its input is not (any more).
 */
function originalInput(events: EventLog, doc: SourceDoc, eventId: string): TriggerInputView {
  const e = events.event(doc.id, eventId);
  if (!e) throw new RunnelError('not_found', `Source ${doc.id} has no retained event ${eventId}`);
  const t = e.tid ? events.trigger(doc.id, e.tid) : undefined;
  if (!t) {
    const why = e.tid
      ? `it has fallen out of the kept inputs (a source keeps the inputs of its last ${MAX_KEPT_TRIGGERS} invocations, fewer when \`event_retention\` is lower)`
      : 'it was emitted by a lifecycle hook or before inputs were kept';
    throw new RunnelError('conflict', `The input that produced event ${eventId} is not kept: ${why}. Run the source with an event instead (POST /v1/sources/${doc.id}/run).`);
  }
  const input = keptInput(t);
  if (input === undefined) throw new RunnelError('conflict', `The input that produced event ${eventId} is not kept: it was over ${MAX_KEPT_INPUT_CHARS / (1024 * 1024)} MB. Run the source with an event instead.`);
  return { trigger_id: t.id, kind: t.kind, ts: t.ts, event: input };
}

/** The last real trigger's input (never a manual run), else a sample of what the trigger would send. */
function testEventOf(events: EventLog, doc: SourceDoc, endpointUrl: (token: string) => string, nowMs: number): TestEvent {
  const last = events.lastTrigger(doc.id, ['http', 'timer', 'subscription']);
  const input = last && keptInput(last);
  if (last && input !== undefined) return { event: input, from: 'last_trigger', trigger_id: last.id, ts: last.ts };
  const event = doc.http ? sampleHttpEvent(endpointUrl(doc.http.token)) : doc.timer ? timerEvent(doc.timer, nowMs) : {};
  return { event, from: 'sample', trigger_id: null };
}

/** A kept trigger's input as `run(event)` received it; undefined when it was too large to keep. */
export function keptInput(t: KeptTrigger): unknown {
  if (t.req) {
    const r = t.req;
    return httpEventOf({ method: r.method, url: r.url, path: r.path, headers: r.headers, bodyRaw: r.bodyRaw, clientIp: r.client_ip });
  }
  return 'input' in t ? t.input : undefined;
}

/** A source's kept inputs as its manual runs use them (SourceRuntime.inputs). */
export class SourceInputs {
  constructor(
    private readonly runtime: { get(id: string): SourceDoc; runOnce(id: string, input: TriggerInput): Promise<RunResult> },
    private readonly deps: { events: EventLog; endpointUrl(token: string): string; clock: Clock },
  ) {}

  /** Runs the original input of the invocation that emitted `eventId` again (or `edited` in its place). */
  rerunEvent(id: string, eventId: string, edited?: unknown): Promise<RunResult> {
    const input = originalInput(this.deps.events, this.runtime.get(id), eventId);
    return this.runtime.runOnce(id, { event: edited === undefined ? input.event : edited, sourceType: 'manual', hops: 0 });
  }

  /** The input of the invocation that emitted `eventId` (404 / 409 as rerunEvent). */
  eventInput(id: string, eventId: string): TriggerInputView {
    return originalInput(this.deps.events, this.runtime.get(id), eventId);
  }

  /** What Run now is pre-filled with: the last real trigger's input, else a sample. */
  testEvent(id: string): TestEvent {
    const doc = this.runtime.get(id);
    return testEventOf(this.deps.events, doc, (t) => this.deps.endpointUrl(t), this.deps.clock.now() + (doc.clock_offset_ms ?? 0));
  }
}
