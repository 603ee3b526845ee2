// Timers as the engine uses them (a port). The embedded backend is scheduler/Scheduler (timers
// in this process, each with its own virtual clock); a shared backend would fire each due time
// once across processes (a leader or a lease) behind the same contract.
import type { ClockWindow, Schedule, VirtualTimer } from '../../scheduler/scheduler';

export type { ClockWindow, Schedule, VirtualTimer };

export interface TimerScheduler {
  /** Arms a timer; `fire` gets the time each firing was due on the timer's clock, epoch ms. */
  schedule(spec: Schedule, fire: (dueMs: number) => void, opts: { key: string; offsetMs: number }): { dispose(): void };
  /** The armed timer of a deployment (the virtual clock drives it). */
  timer(key: string): VirtualTimer | undefined;
}
