// A scripted kind of deployment for the engine's own tests: it records every batch it is
// handed, answers each run after `runMs`, and can be told to answer $.respond, fail, or hold
// a run until released. Orchestration only: no sandbox, no store.
import type { HttpDelivery } from '../../../src/main/domain/http';
import type { TriggerInput } from '../../../src/main/domain/triggers';
import type { DeploymentKind, DeploymentKindName, DeploymentTriggers } from '../../../src/main/engine/deployments/deployment-kind';
import type { QueueControls } from '../../../src/main/engine/ports/run-queue';

/** What a scripted run does, read from its event. */
export interface Script {
  n?: number;
  respond?: { status: number; body: string };
  /** Rejects the run (as a store failure would). */
  fail?: string;
  waitMs?: number;
}

export interface FakeResult {
  id: string;
  event: unknown;
  sourceType: string;
}

export class FakeKind implements DeploymentKind<FakeResult> {
  readonly batching: { maxBatch: number; holdMs: number };
  readonly answerAfterStoreWhenFull = false;
  readonly triggers = new Map<string, DeploymentTriggers>();
  /** Each batch as handed over: the ids and events, in order. */
  readonly batches: { id: string; events: unknown[] }[] = [];
  readonly reports: { id: string; problem: unknown }[] = [];
  /** Execution controls per deployment (none: one run at a time, the engine's capacity). */
  readonly controls = new Map<string, QueueControls>();
  /** Events refused because the deployment's queue was full. */
  readonly refusals: { id: string; event: unknown }[] = [];
  /** Each run's event as it started, in order. */
  readonly starts: unknown[] = [];
  /** Runs in progress per deployment right now, and the most ever seen at once. */
  private running = new Map<string, number>();
  readonly mostAtOnce = new Map<string, number>();
  maxParallel = 0;

  constructor(
    readonly name: DeploymentKindName,
    maxBatch = 1,
  ) {
    this.batching = { maxBatch, holdMs: 0 };
  }

  triggersOf(id: string): DeploymentTriggers | undefined {
    return this.triggers.get(id);
  }

  controlsOf(id: string): QueueControls | undefined {
    return this.controls.get(id);
  }

  refused(id: string, input: TriggerInput): void {
    this.refusals.push({ id, event: input.event });
  }

  async runBatch(id: string, inputs: TriggerInput[]): Promise<FakeResult[]> {
    const now = this.running.get(id) ?? 0;
    if (now >= (this.controls.get(id)?.concurrency ?? 1)) throw new Error(`more batches of ${id} at once than its concurrency`);
    this.running.set(id, now + 1);
    this.mostAtOnce.set(id, Math.max(this.mostAtOnce.get(id) ?? 0, now + 1));
    this.maxParallel = Math.max(this.maxParallel, [...this.running.values()].filter((n) => n > 0).length);
    this.batches.push({ id, events: inputs.map((i) => i.event) });
    try {
      const out: FakeResult[] = [];
      for (const input of inputs) {
        this.starts.push(input.event);
        const s = (input.event ?? {}) as Script;
        if (s.waitMs) await new Promise((r) => setTimeout(r, s.waitMs));
        if (s.respond) input.onRespond?.({ status: s.respond.status, headers: {}, body: s.respond.body });
        if (s.fail) throw new Error(s.fail);
        out.push({ id, event: input.event, sourceType: input.sourceType });
      }
      return out;
    } finally {
      this.running.set(id, (this.running.get(id) ?? 1) - 1);
    }
  }

  answerWithoutRespond(): HttpDelivery {
    return { kind: 'no_respond', deployment: this.name };
  }

  answerFailure(err: unknown): HttpDelivery | undefined {
    return this.name === 'workflow' ? { kind: 'run_failed', message: (err as Error).message, overloaded: false } : undefined;
  }

  report(id: string, problem: unknown): void {
    this.reports.push({ id, problem });
  }
}

/** Triggers of a deployment: active, with the given endpoint and timer. */
export function triggers(t: Partial<DeploymentTriggers> = {}): DeploymentTriggers {
  return { active: true, http: null, timer: null, clockOffsetMs: 0, ...t };
}
