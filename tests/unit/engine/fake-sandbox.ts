// A scripted Sandbox for in-process engine tests: no runner process, no SES. Each event a run
// is given says what that invocation does (`{ emit, db, throw, block, respond, waitMs }`), and
// batches are answered the way the runner pool answers them — finished runs reported through
// `onItem` in order, a blocked run killing the "runner" (`killed`, `completed`), optionally with
// reports held back (`blameUnknown`). Every request is recorded for the test to inspect.
import type { ComponentMeta } from '../../../src/main/domain/components';
import type { ConfigureResult, Sandbox } from '../../../src/main/domain/sandbox';
import type { HttpResponseSpec, InvokeCallbacks, InvokeOutcome, InvokeRequest, ItemOutcome, PauseRequest } from '../../../src/main/domain/invocations';

/** What a scripted workflow step does (set per step id in `FakeSandbox.steps`). */
export interface StepScript {
  value?: unknown;
  exports?: Record<string, unknown>;
  exit?: string;
  throw?: string;
  block?: boolean;
  /** `$.flow.delay` / `suspend` / `rerun` called in the step. */
  pause?: PauseRequest;
  /** How long the step takes (real time). */
  waitMs?: number;
}

/** What one scripted invocation does; the event a test sends is this object (or anything else: a plain run). */
export interface Script {
  emit?: unknown[];
  db?: Record<string, unknown>;
  throw?: string;
  /** The run never finishes: the runner is killed at the deadline (a TimeoutError). */
  block?: boolean;
  /** With `block`: the runner had held back reports of the runs before this one. */
  heldBack?: boolean;
  respond?: HttpResponseSpec;
  /** How long the run takes before it finishes (real time). */
  waitMs?: number;
}

const TIMEOUT = { name: 'TimeoutError', message: 'The invocation timed out' };

function scriptOf(event: unknown): Script {
  return typeof event === 'object' && event !== null && 'script' in event ? ((event as { script: Script }).script ?? {}) : {};
}

function finished(s: Script): ItemOutcome {
  const emits = (s.emit ?? []).map((e) => ({ event: e }));
  const db = { set: s.db ?? {}, del: [] as string[] };
  return s.throw ? { ok: false, error: { name: 'Error', message: s.throw }, emits, db } : { ok: true, emits, db };
}

export class FakeSandbox implements Sandbox {
  /** Every invoke request, in order (batches as one request). */
  readonly requests: InvokeRequest[] = [];
  /** Invocations in flight right now, per instance (the engine must keep this at most 1). */
  readonly inFlight = new Map<string, number>();
  maxInFlightPerInstance = 0;
  /** The most invocations in flight at once, over all instances. */
  maxInFlight = 0;
  private total = 0;

  async inspect(): Promise<ComponentMeta> {
    return { props: [], methods: [], hooks: [], hasRun: true, hasAdditionalProps: false };
  }

  async configure(): Promise<ConfigureResult> {
    return { kind: 'props', props: [] } as unknown as ConfigureResult;
  }

  forget(): void {}

  async dispose(): Promise<void> {}

  /** Workflow steps by step id (the request's instanceId), or a script per request; a step without one returns nothing. */
  readonly steps = new Map<string, StepScript | ((request: InvokeRequest) => StepScript)>();

  async invoke(request: InvokeRequest, cb: InvokeCallbacks = {}): Promise<InvokeOutcome> {
    // A step's request is copied, as it would be on its way to a runner (its context changes later).
    this.requests.push(request.step ? structuredClone(request) : request);
    if (request.step) {
      const script = this.steps.get(request.instanceId) ?? {};
      const s = typeof script === 'function' ? script(request) : script;
      if (s.waitMs) await new Promise((r) => setTimeout(r, s.waitMs));
      return this.step(s);
    }
    const n = (this.inFlight.get(request.instanceId) ?? 0) + 1;
    this.inFlight.set(request.instanceId, n);
    this.maxInFlightPerInstance = Math.max(this.maxInFlightPerInstance, n);
    this.maxInFlight = Math.max(this.maxInFlight, ++this.total);
    try {
      return await this.answer(request, cb);
    } finally {
      this.total--;
      this.inFlight.set(request.instanceId, (this.inFlight.get(request.instanceId) ?? 1) - 1);
    }
  }

  private step(s: StepScript): InvokeOutcome {
    const db = { set: {}, del: [] as string[] };
    if (s.block) return { ok: false, error: TIMEOUT, emits: [], db, killed: true };
    const step = { exports: s.exports ?? {}, sends: [], responded: false, ...(s.exit !== undefined ? { exit: { reason: s.exit } } : {}), ...(s.pause ? { pause: s.pause } : {}) };
    if (s.throw) return { ok: false, error: { name: 'TypeError', message: s.throw, stack: `TypeError: ${s.throw}\n    at run (step)` }, emits: [], db, killed: false, step };
    return { ok: true, emits: [], db, killed: false, value: s.value, step };
  }

  private async answer(request: InvokeRequest, cb: InvokeCallbacks): Promise<InvokeOutcome> {
    const events = request.batch ?? [request.event];
    const batch = request.batch !== undefined;
    let held: { index: number; outcome: ItemOutcome }[] = [];
    for (let i = 0; i < events.length; i++) {
      const s = scriptOf(events[i]);
      if (s.waitMs) await new Promise((r) => setTimeout(r, s.waitMs));
      if (s.respond) cb.onRespond?.(s.respond, batch ? i : undefined);
      if (s.block) {
        // A killed runner: what it had held back is lost with it.
        const reported = s.heldBack && !request.reportEach ? i - held.length : i;
        return { ok: false, error: TIMEOUT, emits: [], db: { set: {}, del: [] }, killed: true, ...(batch ? { completed: reported, blameUnknown: reported < i } : {}) };
      }
      const outcome = finished(s);
      if (!batch) return { ...outcome, killed: false };
      if (s.heldBack && !request.reportEach) {
        held.push({ index: i, outcome });
        continue;
      }
      for (const h of held) cb.onItem?.(h.index, h.outcome);
      held = [];
      cb.onItem?.(i, outcome);
    }
    for (const h of held) cb.onItem?.(h.index, h.outcome);
    return { ok: true, emits: [], db: { set: {}, del: [] }, killed: false, completed: events.length };
  }
}
