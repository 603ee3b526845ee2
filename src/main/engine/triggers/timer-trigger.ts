import type { TriggerInput } from '../../domain/triggers';
import type { DeploymentTriggers } from '../deployments/deployment-kind';
import type { Deployments, TriggerPlug } from '../deployments/deployments';
import { timerEvent, type TimerConfig } from '../props/timer-config';
import type { TimerScheduler } from '../ports/timers';

/** The run a timer firing due at `dueMs` makes (also what the virtual clock fires). */
export function timerInput(spec: TimerConfig, dueMs: number): TriggerInput {
  return { event: timerEvent(spec, dueMs), sourceType: 'timer', hops: 0, at: dueMs };
}

/**
 * Timers of every active deployment with a timer or cron: armed on its virtual clock (the
 * stored offset), firing into its queue. A firing that finds the queue full is skipped and
 * said so, rather than refused.
 */
export class TimerTrigger implements TriggerPlug {
  private readonly armed = new Map<string, { dispose(): void }>();

  constructor(
    private readonly deployments: Deployments,
    private readonly scheduler: TimerScheduler,
  ) {}

  attach(id: string, t: DeploymentTriggers): void {
    if (!t.active || !t.timer) return;
    const spec = t.timer;
    this.armed.set(id, this.scheduler.schedule(spec, (due) => this.fire(id, spec, due), { key: id, offsetMs: t.clockOffsetMs }));
  }

  detach(id: string): void {
    this.armed.get(id)?.dispose();
    this.armed.delete(id);
  }

  dispose(): void {
    for (const t of this.armed.values()) t.dispose();
    this.armed.clear();
  }

  private fire(id: string, spec: TimerConfig, due: number): void {
    const kind = this.deployments.kindOf(id);
    if (!kind || !kind.triggersOf(id)?.active) return;
    if (this.deployments.isFull(id)) {
      kind.report(id, `timer firing skipped: the ${kind.name} already has a full queue of invocations`);
      return;
    }
    this.deployments.dispatchQuietly(id, timerInput(spec, due));
  }
}
