import { RunnelError } from '../../../shared/errors';
import type { TriggerInput } from '../../domain/triggers';
import type { RunQueue, RunQueueFactory } from '../ports/run-queue';
import type { DeploymentKind, DeploymentTriggers } from './deployment-kind';

/**
 * A trigger that attaches to deployments as they are registered (the HTTP endpoint index, the
 * timers): a new kind of trigger plugs in here and calls `dispatch`.
 */
export interface TriggerPlug {
  attach(id: string, triggers: DeploymentTriggers): void;
  detach(id: string): void;
  /** The deployment was deleted: drop what the trigger keeps for it. */
  forget?(id: string): Promise<void>;
  dispose?(): void;
}

export interface DeploymentsDeps {
  /** How many runs a deployment's queue holds before refusing more (429). */
  capacity(): number;
  queues: RunQueueFactory;
  /** The real clock (epoch ms); each deployment's queue runs on it plus its virtual clock offset. */
  now?(): number;
}

interface Live {
  kind: DeploymentKind;
  queue: RunQueue;
}

/**
 * The one port every trigger calls: each deployment (a source or a workflow) has one queue,
 * and every run, whatever started it, goes through `dispatch` into that queue and on to the
 * deployment's kind. Lifecycle changes are queued behind the runs before them (`task`).
 */
export class Deployments {
  private readonly live = new Map<string, Live>();
  private readonly plugs: TriggerPlug[] = [];
  /** Runs and tasks queued so far: drain() sees by it that work came in while it waited. */
  private queued = 0;

  constructor(private readonly deps: DeploymentsDeps) {}

  /** Adds a trigger; deployments registered later attach to it. */
  plug(p: TriggerPlug): void {
    this.plugs.push(p);
  }

  /** (Re)reads a deployment's triggers and attaches them (after create, update, start). */
  register(kind: DeploymentKind, id: string): void {
    const live = this.liveOf(kind, id);
    for (const p of this.plugs) p.detach(id);
    const triggers = live.kind.triggersOf(id);
    if (triggers) for (const p of this.plugs) p.attach(id, triggers);
    // Its execution controls may have changed.
    live.queue.nudge();
  }

  /** Makes a deployment's queue look again at its controls and clock (after a clock advance). */
  nudge(id: string): void {
    this.live.get(id)?.queue.nudge();
  }

  /** Detaches a deployment's triggers (before an update or a delete). */
  unregister(id: string): void {
    for (const p of this.plugs) p.detach(id);
  }

  /** Drops a deleted deployment's queue and what its triggers keep for it (call from its last task). */
  async forget(id: string): Promise<void> {
    this.unregister(id);
    this.live.get(id)?.queue.dispose();
    this.live.delete(id);
    for (const p of this.plugs) await p.forget?.(id);
  }

  kindOf(id: string): DeploymentKind | undefined {
    return this.live.get(id)?.kind;
  }

  /** Queues one run; resolves with the kind's result. Throws 429 at once when the queue is full. */
  dispatch<R>(id: string, input: TriggerInput): Promise<R> {
    const live = this.known(id);
    this.queued++;
    try {
      return live.queue.run(input) as Promise<R>;
    } catch (err) {
      this.refused(live, id, input, err);
      throw err;
    }
  }

  /** Queues one run nobody waits for: failures (a full queue included) go to the kind's report. */
  dispatchQuietly(id: string, input: TriggerInput): void {
    const live = this.known(id);
    this.queued++;
    try {
      live.queue.run(input).catch((err) => live.kind.report(id, err));
    } catch (err) {
      this.refused(live, id, input, err);
      live.kind.report(id, err);
    }
  }

  /** Queues lifecycle work behind the deployment's runs; never refused. */
  task<T>(kind: DeploymentKind, id: string, work: () => Promise<T>): Promise<T> {
    this.queued++;
    return this.liveOf(kind, id).queue.task(work);
  }

  /** Whether a run would be refused with 429 right now. */
  isFull(id: string): boolean {
    return this.live.get(id)?.queue.full ?? false;
  }

  /** Throws 429 when the deployment's queue is full (the kind is told of the refused input). */
  assertRoom(id: string, input?: TriggerInput): void {
    const live = this.live.get(id);
    try {
      live?.queue.assertRoom();
    } catch (err) {
      if (live && input) this.refused(live, id, input, err);
      throw err;
    }
  }

  /** Runs and tasks waiting or running, over every deployment. */
  get pending(): number {
    let n = 0;
    for (const l of this.live.values()) n += l.queue.length;
    return n;
  }

  /**
   * Waits for every queued run to finish (shutdown), and for the runs queued meanwhile: an
   * event a finishing run emits reaches its subscribers' queues. Runs held by a throttle do not
   * hold it up (they are dropped by dispose()).
   */
  async drain(): Promise<void> {
    for (;;) {
      const seen = this.queued;
      await Promise.all([...this.live.values()].map((l) => l.queue.idle()));
      if (this.queued === seen) return;
    }
  }

  dispose(): void {
    for (const p of this.plugs) p.dispose?.();
    for (const l of this.live.values()) l.queue.dispose();
  }

  private refused(live: Live, id: string, input: TriggerInput, err: unknown): void {
    if (err instanceof RunnelError && err.code === 'too_many_requests') live.kind.refused?.(id, input);
  }

  private known(id: string): Live {
    const live = this.live.get(id);
    if (!live) throw new RunnelError('not_found', `No source or workflow with id "${id}"`);
    return live;
  }

  private liveOf(kind: DeploymentKind, id: string): Live {
    let l = this.live.get(id);
    if (!l) {
      const queue = this.deps.queues({
        label: kind.name,
        capacity: () => this.deps.capacity(),
        runBatch: (inputs) => kind.runBatch(id, inputs),
        ...kind.batching,
        ...(kind.controlsOf ? { controls: () => kind.controlsOf!(id) } : {}),
        now: () => (this.deps.now?.() ?? Date.now()) + (kind.triggersOf(id)?.clockOffsetMs ?? 0),
      });
      this.live.set(id, (l = { kind, queue }));
    }
    return l;
  }
}
