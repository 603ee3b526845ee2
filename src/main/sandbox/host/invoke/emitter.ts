// `this.$emit(event, meta)`: records an emit for the main process to commit. The event is
// copied through JSON at emit time, so what is stored is what the component emitted then,
// not what the object looked like when run() ended.
import type { EmitRecord } from '../../protocol';

export interface EmitterOptions {
  records: EmitRecord[];
  isOpen(): boolean;
  onLateEmit(): void;
}

/** `$emit` for one invocation, appending to `o.records`. */
export function makeEmit(o: EmitterOptions): (event: unknown, meta?: unknown) => void {
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
    const record: EmitRecord = { event: JSON.parse(json) };
    const m = (typeof meta === 'object' && meta !== null ? meta : {}) as Record<string, unknown>;
    if (typeof m.id === 'string' || typeof m.id === 'number') record.id = m.id;
    else if (m.id !== undefined && m.id !== null) record.id = String(m.id);
    if (m.name !== undefined && m.name !== null) record.name = String(m.name);
    if (m.summary !== undefined && m.summary !== null) record.summary = String(m.summary);
    const ts = typeof m.ts === 'number' ? m.ts : m.ts instanceof Date ? m.ts.getTime() : undefined;
    if (ts !== undefined && Number.isFinite(ts)) record.ts = ts;
    o.records.push(record);
  };
}
