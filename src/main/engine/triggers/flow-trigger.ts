import { RunnelError } from '../../../shared/errors';
import type { CallbackRequest, Continuation, PausedRecord, PauseEnd } from '../../domain/flow';
import type { TriggerInput } from '../../domain/triggers';
import type { Clock } from '../../scheduler/clock';
import type { Alarm, ArmAt } from '../../scheduler/virtual-timer';
import type { DeploymentTriggers } from '../deployments/deployment-kind';
import type { Deployments, TriggerPlug } from '../deployments/deployments';
import type { PausedRunStore } from '../ports/paused-runs';

export interface FlowTriggerDeps {
  deployments: Deployments;
  store: PausedRunStore;
  clock: Clock;
  /** Arms a real timer (scheduler/nodeScheduleAlarm: also for due times months away). */
  armAt: ArmAt;
}

/** The run that carries a paused run on, through its deployment's queue. */
function continuationInput(c: Continuation): TriggerInput {
  return { event: null, sourceType: 'resume', hops: 0, continuation: c, at: c.end.at };
}

const RETRY_FULL_MS = 1000;

/**
 * Paused runs (`$.flow.delay` / `suspend` / `rerun`) going on: the resume and cancel URLs'
 * tokens (each accepted once), a timer per pause armed on its deployment's virtual clock, and
 * the run that carries the paused run on, dispatched into the deployment's queue like any
 * other. A record is stored before its URLs work and marked ended (stored) before its run is
 * queued, so a restart neither loses a paused run nor lets its URLs be used twice; an ended
 * run that had not finished goes on again at start.
 */
export class FlowTrigger implements TriggerPlug {
  private readonly records = new Map<string, PausedRecord>();
  private readonly tokens = new Map<string, { runId: string; action: 'resume' | 'cancel' }>();
  private readonly offsets = new Map<string, number>();
  private readonly alarms = new Map<string, Alarm>();
  /** Ended before the last stop, not yet gone on: queued when their deployment attaches. */
  private readonly pending = new Set<string>();

  constructor(private readonly deps: FlowTriggerDeps) {
    for (const r of deps.store.all()) {
      this.records.set(r.runId, r);
      if (r.ended) this.pending.add(r.runId);
      else this.index(r);
    }
  }

  attach(id: string, t: DeploymentTriggers): void {
    this.offsets.set(id, t.clockOffsetMs);
    for (const r of this.of(id)) {
      if (this.pending.delete(r.runId)) this.deps.deployments.dispatchQuietly(id, continuationInput({ record: r, end: r.ended! }));
      else if (!r.ended) this.arm(r);
    }
  }

  detach(id: string): void {
    for (const r of this.of(id)) this.disarm(r.runId);
  }

  /** A deleted deployment's paused runs are dropped with it. */
  async forget(id: string): Promise<void> {
    for (const r of this.of(id)) await this.drop(r.runId);
    this.offsets.delete(id);
  }

  dispose(): void {
    for (const a of this.alarms.values()) a.cancel();
    this.alarms.clear();
  }

  /** The paused runs of a deployment (ended ones included until their run has gone on). */
  of(id: string): PausedRecord[] {
    return [...this.records.values()].filter((r) => r.deploymentId === id);
  }

  /** Now on the deployment's virtual clock. */
  virtualNow(id: string): number {
    return this.deps.clock.now() + (this.offsets.get(id) ?? 0);
  }

  /** Stores a pause (replacing the run's earlier one), then makes its URLs work and arms its timer. */
  async pause(record: PausedRecord): Promise<void> {
    this.disarm(record.runId);
    await this.deps.store.put(record);
    this.records.set(record.runId, record);
    this.index(record);
    if (this.offsets.has(record.deploymentId)) this.arm(record);
  }

  /** The run went on and did not pause again: its record is dropped. */
  async settle(runId: string): Promise<void> {
    if (this.records.get(runId)?.ended) await this.drop(runId);
  }

  /**
   * A resume or cancel URL was called: the pause ends (stored), and the run goes on in its
   * deployment's queue. A spent or unknown token is not_found; a full queue, too_many_requests
   * (nothing changed: the URL still works).
   */
  async endByUrl(token: string, request: CallbackRequest, action: 'resume' | 'cancel'): Promise<{ runId: string }> {
    const t = this.tokens.get(token);
    const r = t && t.action === action ? this.records.get(t.runId) : undefined;
    if (!r || r.ended) {
      throw new RunnelError('not_found', `This ${action} URL is unknown or was already used: a paused run is resumed or cancelled once, by the URLs its step returned`);
    }
    this.deps.deployments.assertRoom(r.deploymentId);
    await this.end(r, { action, at: this.virtualNow(r.deploymentId), ...(action === 'resume' ? { request } : {}) });
    this.deps.deployments.dispatchQuietly(r.deploymentId, continuationInput({ record: r, end: r.ended! }));
    return { runId: r.runId };
  }

  /** Paused runs of a deployment due by `upTo` (virtual ms), earliest first. */
  due(id: string, upTo: number): PausedRecord[] {
    return this.of(id)
      .filter((r) => !r.ended && r.dueAt <= upTo)
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  /** Ends a pause at its due time `at` and waits for its run to go on (the virtual clock). */
  async fireDue<R>(record: PausedRecord, at: number): Promise<R | undefined> {
    if (record.ended || this.records.get(record.runId) !== record) return undefined;
    this.deps.deployments.assertRoom(record.deploymentId);
    await this.end(record, { action: 'due', at });
    return this.deps.deployments.dispatch<R>(record.deploymentId, continuationInput({ record, end: record.ended! }));
  }

  /** The deployment's virtual clock moved: its timers re-armed from the new offset. */
  moveClock(id: string, offsetMs: number): void {
    this.offsets.set(id, offsetMs);
    for (const r of this.of(id)) if (!r.ended) this.arm(r);
  }

  private async end(r: PausedRecord, end: PauseEnd): Promise<void> {
    this.disarm(r.runId);
    this.unindex(r);
    r.ended = end;
    try {
      await this.deps.store.put(r);
    } catch (err) {
      // Not stored: the pause did not end (its URLs and timer work again).
      delete r.ended;
      this.index(r);
      if (this.offsets.has(r.deploymentId)) this.arm(r);
      throw err;
    }
  }

  private arm(r: PausedRecord): void {
    this.disarm(r.runId);
    const offset = this.offsets.get(r.deploymentId) ?? 0;
    this.alarms.set(
      r.runId,
      this.deps.armAt(r.dueAt - offset, () => {
        this.alarms.delete(r.runId);
        if (r.ended || this.records.get(r.runId) !== r) return;
        if (this.deps.deployments.isFull(r.deploymentId)) {
          this.alarms.set(r.runId, this.deps.armAt(this.deps.clock.now() + RETRY_FULL_MS, () => this.arm(r)));
          return;
        }
        this.end(r, { action: 'due', at: r.dueAt })
          .then(() => this.deps.deployments.dispatchQuietly(r.deploymentId, continuationInput({ record: r, end: r.ended! })))
          .catch((err) => this.deps.deployments.kindOf(r.deploymentId)?.report(r.deploymentId, err));
      }),
    );
  }

  private disarm(runId: string): void {
    this.alarms.get(runId)?.cancel();
    this.alarms.delete(runId);
  }

  private index(r: PausedRecord): void {
    this.tokens.set(r.resumeToken, { runId: r.runId, action: 'resume' });
    this.tokens.set(r.cancelToken, { runId: r.runId, action: 'cancel' });
  }

  private unindex(r: PausedRecord): void {
    this.tokens.delete(r.resumeToken);
    this.tokens.delete(r.cancelToken);
  }

  private async drop(runId: string): Promise<void> {
    const r = this.records.get(runId);
    this.disarm(runId);
    if (r) this.unindex(r);
    this.records.delete(runId);
    this.pending.delete(runId);
    await this.deps.store.remove(runId);
  }
}
