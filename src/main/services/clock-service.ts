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
import { timerEvent, type TimerConfig } from '../engine/props/timer-config';
import type { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';
import type { ClockWindow, Scheduler, VirtualTimer } from '../scheduler/scheduler';
import type { DocumentStore } from '../store/documents';

/** Whose clock: the REST path segment. */
export type ClockOwner = 'sources' | 'workflows';

export interface ClockServiceDeps {
  docs: DocumentStore;
  scheduler: Scheduler;
  sources: SourceRuntime;
  workflows: WorkflowRuntime;
}

interface Target {
  timer: VirtualTimer;
  spec: TimerConfig;
}

/**
 * The virtual clock of timer-driven sources and workflows: fire now, advance (running every
 * firing due in the skipped span, in order, with the timestamp it would have had), preview.
 * Only the timer's schedule moves: `Date.now()` inside components stays real.
 */
export class ClockService {
  /** One clock operation at a time per source or workflow, so firings never interleave. */
  private readonly busy = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: ClockServiceDeps) {}

  /** Fires the timer once now (virtual now); answers like a manual run, plus the due time. */
  fire(kind: ClockOwner, id: string): Promise<SourceFiring | WorkflowFiring> {
    return this.serial(id, async () => {
      const t = this.target(kind, id);
      const due = t.timer.virtualNow();
      if (kind === 'sources') return { ...(await this.fireSource(id, t.spec, due)), ...firingTime(due) };
      return { ...(await this.fireWorkflow(id, t.spec, due)), ...firingTime(due) };
    });
  }

  /** Moves the clock forward by `seconds`, running each firing due on the way, one at a time. */
  advance(kind: ClockOwner, id: string, seconds: number): Promise<ClockAdvance> {
    return this.serial(id, async () => {
      const t = this.target(kind, id);
      const w = t.timer.window(Math.round(seconds * 1000), CLOCK_ADVANCE_LIMIT + 1);
      if (w.due.length > CLOCK_ADVANCE_LIMIT) throw tooManyFirings(seconds, w);
      const runs = await t.timer.fastForward(w, (due) => this.runOne(kind, id, t.spec, due));
      const offsetMs = t.timer.offsetMs;
      await this.deps.docs.update((d) => {
        const doc = kind === 'sources' ? d.sources.find((s) => s.id === id) : d.workflows.find((x) => x.id === id);
        if (doc) doc.clock_offset_ms = offsetMs;
      });
      // An update re-armed the timer during the advance: the new timer continues from here too.
      const current = this.deps.scheduler.timer(id) ?? t.timer;
      if (current !== t.timer) current.moveTo(offsetMs, w.to);
      const next = current.nextDue();
      return {
        fired: runs.length,
        from: iso(w.from),
        to: iso(w.to),
        offset_seconds: offsetMs / 1000,
        next: next === null ? null : iso(next),
        runs,
      };
    });
  }

  /** The next `n` due times on the timer's clock. */
  next(kind: ClockOwner, id: string, n: number): ClockNext {
    const t = this.target(kind, id);
    return { now: iso(t.timer.virtualNow()), offset_seconds: t.timer.offsetMs / 1000, times: t.timer.upcoming(n).map(iso) };
  }

  private async runOne(kind: ClockOwner, id: string, spec: TimerConfig, due: number): Promise<ClockRun> {
    const time = firingTime(due);
    try {
      if (kind === 'sources') {
        const r = await this.fireSource(id, spec, due);
        return { ...time, ok: r.ok, error: r.error ? { name: r.error.name, message: r.error.message } : null, emitted: r.emitted.length };
      }
      const run = await this.fireWorkflow(id, spec, due);
      const failed = run.steps.find((s) => s.error)?.error;
      const error = run.status === 'error' ? { name: failed?.code ?? 'Error', message: failed?.message ?? 'the run failed' } : null;
      return { ...time, ok: run.status !== 'error', error, run_id: run.id, status: run.status };
    } catch (err) {
      // Deleted mid-advance: nothing left to advance.
      if (err instanceof RunnelError && err.code === 'not_found') throw err;
      // Not started (a full queue): the firing is reported, the others still run.
      return { ...time, ok: false, error: { name: err instanceof RunnelError ? err.code : 'Error', message: (err as Error).message } };
    }
  }

  private fireSource(id: string, spec: TimerConfig, due: number): Promise<RunResult> {
    return this.deps.sources.runManually(id, timerEvent(spec, due));
  }

  private fireWorkflow(id: string, spec: TimerConfig, due: number): Promise<WorkflowRun> {
    return this.deps.workflows.trigger(id, { event: timerEvent(spec, due), sourceType: 'timer', hops: 0 });
  }

  /** The armed timer of an active, timer-driven source or workflow (404 unknown, 409 otherwise). */
  private target(kind: ClockOwner, id: string): Target {
    let spec: TimerConfig;
    let what: string;
    if (kind === 'sources') {
      const doc = this.deps.sources.get(id);
      what = `Source "${doc.name}" (${id})`;
      if (!doc.timer) throw new RunnelError('conflict', `${what} has no timer prop: the clock drives timer-driven sources only`);
      if (!doc.active) throw inactive(what, `/v1/sources/${id}`);
      spec = doc.timer;
    } else {
      const wf = this.deps.workflows.get(id);
      what = `Workflow "${wf.name}" (${id})`;
      if (wf.trigger.type !== 'timer') {
        throw new RunnelError('conflict', `${what} has a ${wf.trigger.type} trigger, not a timer: the clock drives timer-triggered workflows only`);
      }
      if (!wf.active) throw inactive(what, `/v1/workflows/${id}`);
      spec = wf.trigger;
    }
    const timer = this.deps.scheduler.timer(id);
    if (!timer) throw new RunnelError('conflict', `${what} has no running timer`);
    return { timer, spec };
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
