// What started each invocation of an emitter (the HTTP request as run(event) received it, a timer
// event, a manual run's event), kept in the emitter's journal with the events it emitted, so an
// event can be re-run from its original input. A ring of the newest `retention` of them.
import type { KeptRequest, KeptTrigger, KeptTriggerKind } from '../domain/events';

/** An input larger than this (as JSON) is not kept: one invocation cannot grow the journal by more. */
export const MAX_KEPT_INPUT_CHARS = 1024 * 1024;

const KINDS = new Set(['http', 'timer', 'manual', 'subscription']);

/** Whether a journal value has the shape of a kept trigger. */
export function isKeptTrigger(t: unknown): t is KeptTrigger {
  if (typeof t !== 'object' || t === null) return false;
  const r = t as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.ts === 'number' && KINDS.has(r.kind as string);
}

/** Inputs kept per emitter at most (fewer when the event retention is lower). */
export const MAX_KEPT_TRIGGERS = 100;

const cap = (retention: number) => Math.min(retention, MAX_KEPT_TRIGGERS);

/** The kept form of an input: without it when it is too large (or not JSON at all). */
export function keptTrigger(id: string, kind: KeptTriggerKind, ts: number, input: unknown): KeptTrigger {
  if (kind === 'http' && smallRequest(input)) {
    const r = input as Record<string, unknown>;
    const req = { method: r.method, url: r.url, path: r.path, headers: r.headers, bodyRaw: r.bodyRaw, client_ip: r.client_ip };
    if (typeof req.method === 'string' && typeof req.url === 'string' && typeof req.path === 'string' && typeof req.client_ip === 'string' && typeof req.headers === 'object' && req.headers !== null) {
      return { id, kind, ts, req: req as KeptRequest };
    }
    return { id, kind, ts, input };
  }
  let size = Infinity;
  try {
    size = JSON.stringify(input ?? null).length;
  } catch {
    // A cycle or a BigInt: not keepable.
  }
  return size <= MAX_KEPT_INPUT_CHARS ? { id, kind, ts, input: input === undefined ? null : input } : { id, kind, ts };
}

/**
 * A webhook request whose raw body is at most 64 KB cannot reach the limit as JSON (a character
 * escapes to at most 6; body and bodyRaw, plus at most 16 KB of headers), so the busiest path
 * skips measuring it.
 */
function smallRequest(input: unknown): boolean {
  const raw = (input as { bodyRaw?: unknown } | null)?.bodyRaw;
  return typeof raw === 'string' && raw.length <= 64 * 1024;
}

/**
 * The newest triggers of one emitter, by id in arrival order, cut back to the retention as they
 * come. Adding one is O(1): a webhook-driven source adds one per request.
 */
export class TriggerRing {
  // At most MAX_KEPT_TRIGGERS whatever the retention: inputs are kept for re-runs and test
  // events, and a webhook request is many times the size of what its run usually emits.
  private byId = new Map<string, KeptTrigger>();

  add(t: KeptTrigger, retention: number): void {
    // A replay of what is already here (recovery overlapping the journal) keeps the first copy.
    if (this.byId.has(t.id)) return;
    this.byId.set(t.id, t);
    while (this.byId.size > Math.max(1, cap(retention))) this.byId.delete(this.byId.keys().next().value!);
  }

  reset(list: KeptTrigger[] = []): void {
    this.byId = new Map();
    for (const t of list.filter(isKeptTrigger)) this.add(t, Infinity);
  }

  /** The retained ones, oldest first. */
  retained(retention: number): KeptTrigger[] {
    const list = [...this.byId.values()];
    const n = cap(retention);
    return list.length > n ? list.slice(list.length - n) : list;
  }

  find(id: string, retention: number): KeptTrigger | undefined {
    const t = this.byId.get(id);
    // The retention was lowered since it was added: only the newest `retention` count.
    if (t && this.byId.size > cap(retention)) return this.retained(retention).includes(t) ? t : undefined;
    return t;
  }

  /**
   * The retained trigger of one of these kinds that arrived last: the ring's own order (the
   * journal's on a reopen), never `ts` — a timer firing on an advanced clock has the virtual
   * time it was due at, later than a request received after it. A scan of at most
   * MAX_KEPT_TRIGGERS, for a test event (a REST read), never on the path that adds.
   */
  last(kinds: readonly KeptTriggerKind[], retention: number): KeptTrigger | undefined {
    const list = this.retained(retention);
    for (let i = list.length - 1; i >= 0; i--) if (kinds.includes(list[i].kind)) return list[i];
    return undefined;
  }
}
