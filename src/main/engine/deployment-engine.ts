// The deployment engine as the composition root (and the in-process engine tests) assemble it:
// one Deployments port with the triggers that attach to deployments, on a chosen queue backend.
import { inProcessQueues } from './deployments/deployment-queue';
import { Deployments } from './deployments/deployments';
import { memoryPausedRuns, type PausedRunStore } from './ports/paused-runs';
import type { RunQueueFactory } from './ports/run-queue';
import type { TimerScheduler } from './ports/timers';
import { nodeScheduleAlarm } from '../scheduler/scheduler';
import { systemClock, type Clock } from '../scheduler/clock';
import type { ArmAt } from '../scheduler/virtual-timer';
import { FlowTrigger } from './triggers/flow-trigger';
import { HttpTrigger } from './triggers/http-trigger';
import { TimerTrigger } from './triggers/timer-trigger';

export interface DeploymentEngineDeps {
  /** How many runs a deployment's queue holds before refusing more (429). */
  capacity(): number;
  scheduler: TimerScheduler;
  /** Whether the event store is refusing writes (a full disk). */
  storeFull(): boolean;
  /** The run queue backend (default: in this process). */
  queues?: RunQueueFactory;
  /** Where paused runs are kept until they go on (default: in memory). */
  pausedRuns?: PausedRunStore;
  /** The real clock (default: the system's): throttle windows and pause times run on it plus each deployment's offset. */
  clock?: Clock;
  /** Arms the real timers of paused runs (default: node-schedule). */
  armAt?: ArmAt;
}

export interface DeploymentEngine {
  deployments: Deployments;
  http: HttpTrigger;
  flow: FlowTrigger;
}

export function deploymentEngine(deps: DeploymentEngineDeps): DeploymentEngine {
  const clock = deps.clock ?? systemClock;
  const deployments = new Deployments({ capacity: deps.capacity, queues: deps.queues ?? inProcessQueues, now: () => clock.now() });
  const http = new HttpTrigger({ deployments, storeFull: deps.storeFull });
  deployments.plug(http);
  deployments.plug(new TimerTrigger(deployments, deps.scheduler));
  const flow = new FlowTrigger({ deployments, store: deps.pausedRuns ?? memoryPausedRuns(), clock, armAt: deps.armAt ?? nodeScheduleAlarm });
  deployments.plug(flow);
  return { deployments, http, flow };
}
