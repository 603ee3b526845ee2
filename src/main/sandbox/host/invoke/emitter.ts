// `this.$emit(event, meta)`: records an emit for the main process to commit. The event is
// copied through JSON at emit time, so what is stored is what the component emitted then,
// not what the object looked like when run() ended. Sizes are capped as on the hosted service
// (LIMITS.emitEventBytes per event, LIMITS.invocationEmitBytes per invocation, measured as
// UTF-8 JSON with the metadata): an emit past either throws in the component and is not kept.
import { LIMITS } from '../../../../shared/limits';
import type { EmitRecord } from '../../../domain/invocations';
import { formatMb } from './value-checks';

export interface EmitterOptions {
  records: EmitRecord[];
  isOpen(): boolean;
  onLateEmit(): void;
}

const INSTEAD = 'emit less, or store the data elsewhere and emit a reference to it';

/** `$emit` for one invocation, appending to `o.records`. */
export function makeEmit(o: EmitterOptions): (event: unknown, meta?: unknown) => void {
  let emittedBytes = 0;
  return (event: unknown, meta?: unknown) => {
    if (!o.isOpen()) {
      o.onLateEmit();
      return;
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(event);
    } catch (err) {
      throw new TypeError(`$emit(event): the event is not JSON-serializable (${(err as Error).message})`);
    }
    if (json === undefined) throw new TypeError(`$emit(event): the event must be a JSON-serializable value, got ${typeof event}`);
    // The metadata is read once: what is measured is what is stored.
    const record = withMeta({ event: undefined }, meta);
    const bytes = Buffer.byteLength(json) + Buffer.byteLength(JSON.stringify(record)); // `event: undefined` is left out
    if (bytes > LIMITS.emitEventBytes) {
      throw new RangeError(`Runnel: this event is ${formatMb(bytes)} as JSON; an emitted event may be at most ${formatMb(LIMITS.emitEventBytes)}; ${INSTEAD}`);
    }
    if (emittedBytes + bytes > LIMITS.invocationEmitBytes) {
      throw new RangeError(
        `Runnel: this invocation's events would be ${formatMb(emittedBytes + bytes)} as JSON together; one invocation may emit at most ${formatMb(LIMITS.invocationEmitBytes)}; ${INSTEAD}`,
      );
    }
    emittedBytes += bytes;
    record.event = JSON.parse(json);
    o.records.push(record);
  };
}

/** `record` with the metadata the component passed (id, name, summary, ts) added. */
function withMeta(record: EmitRecord, meta: unknown): EmitRecord {
  const m = (typeof meta === 'object' && meta !== null ? meta : {}) as Record<string, unknown>;
  if (typeof m.id === 'string' || typeof m.id === 'number') record.id = m.id;
  else if (m.id !== undefined && m.id !== null) record.id = String(m.id);
  if (m.name !== undefined && m.name !== null) record.name = String(m.name);
  if (m.summary !== undefined && m.summary !== null) record.summary = String(m.summary);
  const ts = typeof m.ts === 'number' ? m.ts : m.ts instanceof Date ? m.ts.getTime() : undefined;
  if (ts !== undefined && Number.isFinite(ts)) record.ts = ts;
  return record;
}
