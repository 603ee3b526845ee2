// What a deployment emitted, as the event log keeps it, and what started the invocation that
// emitted it. Plain data: the engine commits and reads them through the event log port, every
// backend stores them, the kinds and the services show them.

/** An emitted event as kept (on disk and in memory). */
export interface StoredEvent {
  id: string;
  /** Indexed-at time, epoch ms (the first half of `id`). */
  ms: number;
  /** Channel; '' is the default channel. */
  ch: string;
  emit_id: string;
  sum?: string;
  /** The `ts` given at emit, epoch ms. */
  ts?: number;
  /** The dedupe id given at emit, as a string. */
  did?: string;
  /** How many subscription deliveries led to this event (0 or absent for a source's own). */
  hops?: number;
  /** Emitted by a run that then failed (thrown, timed out). */
  fail?: true;
  /** The kept trigger (its id) of the invocation that emitted it; absent for a hook's emits. */
  tid?: string;
  ev: unknown;
}

/** An event about to be committed; the event log gives it its id and time. */
export type PendingEvent = Omit<StoredEvent, 'id' | 'ms'>;

/** Which trigger an invocation came from. */
export type KeptTriggerKind = 'http' | 'timer' | 'manual' | 'subscription';

/**
 * One invocation's trigger input, kept with the events it emitted (they carry its id as `tid`),
 * so an event can be re-run from its original input.
 */
export interface KeptTrigger {
  /** `i_…`; the events it emitted carry it as `tid`. */
  id: string;
  kind: KeptTriggerKind;
  /** When the invocation started, epoch ms. */
  ts: number;
  /** The input itself; absent when it was too large to keep (see MAX_KEPT_INPUT_CHARS). */
  input?: unknown;
  /**
   * An HTTP input kept as the request it was built from: what `body` and `query` are parsed
   * from is kept, not the parse (half the bytes to encode on the busiest path). The runtime
   * builds the input again (runtime/source-trigger-inputs.ts).
   */
  req?: KeptRequest;
}

/** The facts an HTTP trigger's `run(event)` argument is built from. */
export interface KeptRequest {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  bodyRaw: string;
  client_ip: string;
}
