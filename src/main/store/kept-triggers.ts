// What started each invocation of an emitter (the HTTP request as run(event) received it, a timer
// event, a manual run's event), kept in the emitter's journal with the events it emitted, so an
// event can be re-run from its original input. A ring of the newest `retention` of them.

/** Which trigger an invocation came from. */
export type KeptTriggerKind = 'http' | 'timer' | 'manual' | 'subscription';

/** One invocation's trigger input, as the journal keeps it. */
export interface KeptTrigger {
  /** `i_…`; the events it emitted carry it as `tid`. */
  id: string;
  kind: KeptTriggerKind;
  /** When the invocation started, epoch ms. */
  ts: number;
  /** The input itself; absent when it was too large to keep (see MAX_KEPT_INPUT_CHARS). */
  input?: unknown;
}

/** An input larger than this (as JSON) is not kept: one invocation cannot grow the journal by more. */
export const MAX_KEPT_INPUT_CHARS = 1024 * 1024;

const KINDS = new Set(['http', 'timer', 'manual', 'subscription']);

/** Whether a journal value has the shape of a kept trigger. */
export function isKeptTrigger(t: unknown): t is KeptTrigger {
  if (typeof t !== 'object' || t === null) return false;
  const r = t as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.ts === 'number' && KINDS.has(r.kind as string);
}

/** The kept form of an input: without it when it is too large (or not JSON at all). */
export function keptTrigger(id: string, kind: KeptTriggerKind, ts: number, input: unknown): KeptTrigger {
  let size = Infinity;
  try {
    size = JSON.stringify(input ?? null).length;
  } catch {
    // A cycle or a BigInt: not keepable.
  }
  return size <= MAX_KEPT_INPUT_CHARS ? { id, kind, ts, input: input === undefined ? null : input } : { id, kind, ts };
}

/** The newest triggers of one emitter, oldest first, cut back in steps past the retention. */
export class TriggerRing {
  private list: KeptTrigger[] = [];

  add(t: KeptTrigger, retention: number): void {
    // A replay of what is already here (recovery overlapping the journal) keeps the first copy.
    if (this.list.some((x) => x.id === t.id)) return;
    this.list.push(t);
    if (this.list.length > retention + Math.max(16, Math.ceil(retention / 8))) this.list.splice(0, this.list.length - retention);
  }

  reset(list: KeptTrigger[] = []): void {
    this.list = list.filter(isKeptTrigger);
  }

  /** The retained ones, oldest first. */
  retained(retention: number): KeptTrigger[] {
    return this.list.length > retention ? this.list.slice(this.list.length - retention) : this.list;
  }

  find(id: string, retention: number): KeptTrigger | undefined {
    return this.retained(retention).find((t) => t.id === id);
  }

  /** The newest retained trigger of one of these kinds. */
  last(kinds: readonly KeptTriggerKind[], retention: number): KeptTrigger | undefined {
    const list = this.retained(retention);
    for (let i = list.length - 1; i >= 0; i--) if (kinds.includes(list[i].kind)) return list[i];
    return undefined;
  }
}
