// `performance` and `perf_hooks` for components. Node's performance timeline is one per
// process: fetch records every request URL in it ('resource' entries), http adds 'http'
// entries, and marks are visible to everyone. Each compartment gets its own `performance`
// (the global and `perf_hooks.performance` alike): the real clock, and marks and measures
// that only that compartment sees. PerformanceObserver is inert; the event-loop histograms
// (which watch the whole runner) are refused.
import { createRequire } from 'node:module';
import { refuser } from './refusals';

const nodeRequire = createRequire(import.meta.url);

interface Entry {
  name: string;
  entryType: 'mark' | 'measure';
  startTime: number;
  duration: number;
  detail: unknown;
}

/** Entries kept per compartment; the oldest go first (Node keeps marks without bound, we do not). */
const MAX_ENTRIES = 1000;

function entry(e: Entry): Readonly<Entry> {
  return Object.freeze({ ...e, toJSON: () => ({ ...e }) });
}

/** A compartment's own `performance` object. */
export function makeCompartmentPerformance(): Readonly<Record<string, unknown>> {
  const entries: Readonly<Entry>[] = [];
  const now = () => performance.now();
  const add = (e: Readonly<Entry>) => {
    entries.push(e);
    if (entries.length > MAX_ENTRIES) entries.shift();
    return e;
  };
  const markTime = (name: unknown): number => {
    if (typeof name === 'number') return name;
    const found = [...entries].reverse().find((e) => e.entryType === 'mark' && e.name === String(name));
    if (!found) throw new SyntaxError(`The "${String(name)}" performance mark has not been set`);
    return found.startTime;
  };
  const clear = (type: Entry['entryType'], name: unknown) => {
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].entryType === type && (name === undefined || entries[i].name === String(name))) entries.splice(i, 1);
    }
  };
  const self = {
    timeOrigin: performance.timeOrigin,
    now,
    toJSON: () => ({ timeOrigin: performance.timeOrigin }),
    mark(name: unknown, options?: { startTime?: unknown; detail?: unknown }) {
      const startTime = typeof options?.startTime === 'number' ? options.startTime : now();
      return add(entry({ name: String(name), entryType: 'mark', startTime, duration: 0, detail: options?.detail ?? null }));
    },
    measure(name: unknown, startOrOptions?: unknown, endMark?: unknown) {
      let start = 0;
      let end = now();
      let detail: unknown = null;
      if (typeof startOrOptions === 'object' && startOrOptions !== null) {
        const o = startOrOptions as { start?: unknown; end?: unknown; duration?: unknown; detail?: unknown };
        if (o.start !== undefined) start = markTime(o.start);
        if (o.end !== undefined) end = markTime(o.end);
        else if (typeof o.duration === 'number') end = start + o.duration;
        if (o.start === undefined && typeof o.duration === 'number') start = end - o.duration;
        detail = o.detail ?? null;
      } else if (startOrOptions !== undefined) {
        start = markTime(startOrOptions);
      }
      if (endMark !== undefined) end = markTime(endMark);
      return add(entry({ name: String(name), entryType: 'measure', startTime: start, duration: end - start, detail }));
    },
    clearMarks: (name?: unknown) => clear('mark', name),
    clearMeasures: (name?: unknown) => clear('measure', name),
    getEntries: () => [...entries],
    getEntriesByName: (name: unknown, type?: unknown) => entries.filter((e) => e.name === String(name) && (type === undefined || e.entryType === type)),
    getEntriesByType: (type: unknown) => entries.filter((e) => e.entryType === type),
  };
  return Object.freeze(self);
}

/** A PerformanceObserver that never observes anything. */
class InertPerformanceObserver {
  static readonly supportedEntryTypes = Object.freeze(['mark', 'measure']);
  constructor(callback: unknown) {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
  }
  observe(): void {}
  disconnect(): void {}
  takeRecords(): unknown[] {
    return [];
  }
}
Object.freeze(InertPerformanceObserver.prototype);
Object.freeze(InertPerformanceObserver);

/** One compartment's `perf_hooks`, around its `performance`. */
export function makePerfHooks(compartmentPerformance: unknown): Readonly<Record<string, unknown>> {
  const real = nodeRequire('node:perf_hooks') as typeof import('node:perf_hooks');
  const instead = 'it watches the whole runner; measure with performance.now()';
  return Object.freeze({
    performance: compartmentPerformance,
    PerformanceObserver: InertPerformanceObserver,
    constants: Object.freeze({ ...real.constants }),
    monitorEventLoopDelay: refuser('perf_hooks.monitorEventLoopDelay()', instead),
    createHistogram: refuser('perf_hooks.createHistogram()', instead),
  });
}
