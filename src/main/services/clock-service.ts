import {
  CLOCK_ADVANCE_LIMIT,
  type ClockAdvance,
  type ClockNext,
  type ClockRun,
  type FiringTime,
  type SourceFiring,
  type WorkflowFiring,
} from '../../shared/clock-api';
import { RunnelError } from '../../shared/errors';
import type { RunResult, WorkflowRun } from '../../shared/resources';
import type { SourceRuntime } from '../runtime/source-runtime';
import type { TimerConfig } from '../engine/props/timer-config';
import { timerInput } from '../engine/triggers/timer-trigger';
import type { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';
import type { ClockWindow, Scheduler, VirtualTimer } from '../scheduler/scheduler';
import type { FlowTrigger } from '../engine/triggers/flow-trigger';
import type { PausedRecord } from '../domain/flow';
import type { WorkflowPause } from '../runtime/workflows/run-pause';
import type { DocumentStore } from '../store/documents';

/** Whose clock: the REST path segment. */
export type ClockOwner = 'sources' | 'workflows';

export interface ClockServiceDeps {
  docs: DocumentStore;
  scheduler: Scheduler;
  sources: SourceRuntime;
  workflows: WorkflowRuntime;
  /** Paused workflow runs: their due times are on the workflow's clock too. */
  flow: FlowTrigger;
}

/** What the clock needs of each kind of deployment: no branching on the kind below. */
interface ClockedKind {
  /** Throws not_found for an unknown id. */
  describe(id: string): { what: string; path: string; spec: TimerConfig | null; active: boolean; noTimer: string };
  /** Runs one firing due at `due`. */
  fire(id: string, spec: TimerConfig, due: number): Promise<Fired>;
}

interface Fired {
  /** As a manual run of that kind answers. */
  answer: RunResult | WorkflowRun;
  /** As an advance's `runs[]` lists it. */
  ran: Omit<ClockRun, keyof FiringTime>;
}

interface Target {
  timer: VirtualTimer;
  spec: TimerConfig;
  kind: ClockedKind;
}

/**
 * The virtual clock of timer-driven sources and workflows: fire now, advance (running every
 * firing due in the skipped span, in order, with the timestamp it would have had), preview.
 * Only the timer's schedule moves: `Date.now()` inside components stays real.
 */
export class ClockService {
  /** One clock operation at a time per source or workflow, so firings never interleave. */
  private readonly busy = new Map<string, Promise<unknown>>();

  private readonly kinds: Record<ClockOwner, ClockedKind>;

  constructor(private readonly deps: ClockServiceDeps) {
    const { sources, workflows } = deps;
    this.kinds = {
      sources: {
        describe(id) {
          const doc = sources.get(id);
          const what = `Source "${doc.name}" (${id})`;
          return { what, path: `/v1/sources/${id}`, spec: doc.timer, active: doc.active, noTimer: `${what} has no timer prop: the clock drives timer-driven sources only` };
        },
        fire: async (id, spec, due) => {
          const r = await sources.runOnce(id, timerInput(spec, due));
          return { answer: r, ran: { ok: r.ok, error: r.error ? { name: r.error.name, message: r.error.message } : null, emitted: r.emitted.length } };
        },
      },
      workflows: {
        describe(id) {
          const wf = workflows.get(id);
          const what = `Workflow "${wf.name}" (${id})`;
          const noTimer = `${what} has a ${wf.trigger.type} trigger, not a timer, and no paused runs: the clock drives timer-triggered workflows and paused runs only`;
          return { what, path: `/v1/workflows/${id}`, spec: wf.trigger.type === 'timer' ? wf.trigger : null, active: wf.active, noTimer };
        },
        fire: async (id, spec, due) => {
          const run = await workflows.trigger(id, timerInput(spec, due));
          return { answer: run, ran: ranWorkflow(run) };
        },
      },
    };
  }

  /** Fires the timer once now (virtual now); answers like a manual run, plus the due time. */
  fire(kind: ClockOwner, id: string): Promise<SourceFiring | WorkflowFiring> {
    return this.serial(id, async () => {
      // Without pausedOnly, a target or a throw.
      const t = this.target(kind, id)!;
      const due = t.timer.virtualNow();
      return { ...(await t.kind.fire(id, t.spec, due)).answer, ...firingTime(due) } as SourceFiring | WorkflowFiring;
    });
  }

  /**
   * Moves the clock forward by `seconds`, running each timer firing due on the way and carrying
   * on each paused workflow run that falls due (delays, reruns, suspends' timeouts), one at a
   * time in due order, each with the time it was due.
   */
  advance(kind: ClockOwner, id: string, seconds: number): Promise<ClockAdvance> {
    // A throttled workflow with neither a timer nor paused runs: only its queue's windows move.
    if (kind === 'workflows' && this.throttledWithoutTimer(id) && this.deps.flow.due(id, Infinity).length === 0) {
      return this.serial(id, () => this.advanceQueue(id, seconds));
    }
    return this.serial(id, async () => {
      const ms = Math.round(seconds * 1000);
      const t = this.target(kind, id, kind === 'workflows');
      const w = t?.timer.window(ms, CLOCK_ADVANCE_LIMIT + 1);
      if (w && w.due.length > CLOCK_ADVANCE_LIMIT) throw tooManyFirings(seconds, w);
      const from = t ? t.timer.virtualNow() : this.deps.flow.virtualNow(id);
      const runs: ClockRun[] = [];
      let resumed = 0;
      // Paused runs due by `upTo`, earliest first; a rerun that pauses again within the span goes on again.
      const resumeUpTo = async (upTo: number) => {
        if (kind !== 'workflows') return;
        for (let next = this.deps.flow.due(id, upTo)[0]; next && resumed < CLOCK_ADVANCE_LIMIT; next = this.deps.flow.due(id, upTo)[0]) {
          resumed++;
          runs.push(await this.resumeOne(next));
        }
      };
      let offsetMs: number;
      if (t && w) {
        await t.timer.fastForward(w, async (due) => {
          await resumeUpTo(due);
          const r = await this.runOne(t, id, due);
          runs.push(r);
          return r;
        });
        await resumeUpTo(w.to);
        offsetMs = t.timer.offsetMs;
      } else {
        await resumeUpTo(from + ms);
        offsetMs = (this.deps.docs.workflow(id)?.clock_offset_ms ?? 0) + ms;
      }
      await this.deps.docs.update((d) => {
        const doc = [...d.sources, ...d.workflows].find((x) => x.id === id);
        if (doc) doc.clock_offset_ms = offsetMs;
      });
      if (kind === 'workflows') {
        this.deps.flow.moveClock(id, offsetMs);
        // A throttled queue measures its windows on this clock too.
        this.deps.workflows.clockMoved(id);
      }
      let next: number | null = null;
      if (t && w) {
        // An update re-armed the timer during the advance: the new timer continues from here too.
        const current = this.deps.scheduler.timer(id) ?? t.timer;
        if (current !== t.timer) current.moveTo(offsetMs, w.to);
        next = current.nextDue();
      }
      const pausedNext = kind === 'workflows' ? this.deps.flow.due(id, Infinity)[0]?.dueAt : undefined;
      if (pausedNext !== undefined && (next === null || pausedNext < next)) next = pausedNext;
      return {
        fired: runs.length - resumed,
        resumed,
        from: iso(from),
        to: iso(from + ms),
        offset_seconds: offsetMs / 1000,
        next: next === null ? null : iso(next),
        runs,
      };
    });
  }

  /** The next `n` due times on the clock: the timer's, or else its paused runs'. */
  next(kind: ClockOwner, id: string, n: number): ClockNext {
    const t = this.target(kind, id, kind === 'workflows');
    if (!t) {
      const times = this.deps.flow.due(id, Infinity).slice(0, n).map((r) => iso(r.dueAt));
      return { now: iso(this.deps.flow.virtualNow(id)), offset_seconds: (this.deps.docs.workflow(id)?.clock_offset_ms ?? 0) / 1000, times };
    }
    return { now: iso(t.timer.virtualNow()), offset_seconds: t.timer.offsetMs / 1000, times: t.timer.upcoming(n).map(iso) };
  }

  /** A workflow with a throttle but no timer: its clock moves its queue's throttle windows only. */
  private throttledWithoutTimer(id: string): boolean {
    const wf = this.deps.workflows.get(id);
    return wf.trigger.type !== 'timer' && !!wf.throttle;
  }

  private async advanceQueue(id: string, seconds: number): Promise<ClockAdvance> {
    const ms = Math.round(seconds * 1000);
    let offsetMs = 0;
    await this.deps.docs.update((d) => {
      const wf = d.workflows.find((w) => w.id === id);
      if (!wf) throw new RunnelError('not_found', `No workflow with id "${id}"`);
      offsetMs = (wf.clock_offset_ms ?? 0) + ms;
      wf.clock_offset_ms = offsetMs;
    });
    this.deps.workflows.clockMoved(id);
    this.deps.flow.moveClock(id, offsetMs);
    const to = this.deps.flow.virtualNow(id);
    return { fired: 0, resumed: 0, from: iso(to - ms), to: iso(to), offset_seconds: offsetMs / 1000, next: null, runs: [] };
  }

  /** A paused run that fell due goes on (as its timer would have done), at its due time. */
  private async resumeOne(record: PausedRecord): Promise<ClockRun> {
    const time = firingTime(record.dueAt);
    const resumed = (record.state as WorkflowPause).request.kind;
    try {
      const run = await this.deps.flow.fireDue<WorkflowRun>(record, record.dueAt);
      if (!run) return { ...time, ok: true, error: null, run_id: record.runId, resumed };
      return { ...time, ...ranWorkflow(run), resumed };
    } catch (err) {
      return { ...time, ok: false, error: { name: err instanceof RunnelError ? err.code : 'Error', message: (err as Error).message }, run_id: record.runId, resumed };
    }
  }

  private async runOne(t: Target, id: string, due: number): Promise<ClockRun> {
    const time = firingTime(due);
    try {
      return { ...time, ...(await t.kind.fire(id, t.spec, due)).ran };
    } catch (err) {
      // Deleted mid-advance: nothing left to advance.
      if (err instanceof RunnelError && err.code === 'not_found') throw err;
      // Not started (a full queue): the firing is reported, the others still run.
      return { ...time, ok: false, error: { name: err instanceof RunnelError ? err.code : 'Error', message: (err as Error).message } };
    }
  }

  /**
   * The armed timer of an active, timer-driven source or workflow (404 unknown, 409 otherwise);
   * null for a workflow without a timer that has paused runs (when `pausedOnly` allows it).
   */
  private target(owner: ClockOwner, id: string, pausedOnly = false): Target | null {
    const kind = this.kinds[owner];
    const d = kind.describe(id);
    if (!d.spec) {
      if (pausedOnly && this.deps.flow.due(id, Infinity).length > 0) return null;
      throw new RunnelError('conflict', d.noTimer);
    }
    if (!d.active) throw inactive(d.what, d.path);
    const timer = this.deps.scheduler.timer(id);
    if (!timer) throw new RunnelError('conflict', `${d.what} has no running timer`);
    return { timer, spec: d.spec, kind };
  }

  private serial<T>(id: string, task: () => Promise<T>): Promise<T> {
    const run = (this.busy.get(id) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    this.busy.set(id, tail);
    void tail.then(() => {
      if (this.busy.get(id) === tail) this.busy.delete(id);
    });
    return run;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A workflow run as an advance's `runs[]` lists it. */
function ranWorkflow(run: WorkflowRun): Omit<ClockRun, keyof FiringTime> {
  const failed = run.steps.find((s) => s.error)?.error;
  const error = run.status === 'error' ? { name: failed?.code ?? 'Error', message: failed?.message ?? 'the run failed' } : null;
  return { ok: run.status !== 'error', error, run_id: run.id, status: run.status };
}

function firingTime(due: number): FiringTime {
  return { due_at: iso(due), timestamp: Math.floor(due / 1000) };
}

function inactive(what: string, path: string): RunnelError {
  return new RunnelError('conflict', `${what} is inactive, so its timer is stopped; activate it first (PUT ${path} {"active": true})`);
}

const fmt = (n: number) => n.toLocaleString('en-US');

function tooManyFirings(seconds: number, w: ClockWindow): RunnelError {
  // The longest span (whole seconds) that stops short of the first firing over the limit.
  const maxSeconds = Math.ceil((w.due[CLOCK_ADVANCE_LIMIT] - w.from) / 1000) - 1;
  const count = w.total !== null ? fmt(w.total) : `more than ${fmt(CLOCK_ADVANCE_LIMIT)}`;
  return new RunnelError(
    'bad_request',
    `Advancing by ${fmt(seconds)} s would fire ${count} times, over the limit of ${fmt(CLOCK_ADVANCE_LIMIT)} firings per advance; nothing was fired. ` +
      `Advance by a shorter span (at most ${fmt(maxSeconds)} s from here), in several steps if needed.`,
    { limit: CLOCK_ADVANCE_LIMIT, count: w.total, max_seconds: maxSeconds },
  );
}
