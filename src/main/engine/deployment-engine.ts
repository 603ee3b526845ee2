// The deployment engine as the composition root (and the in-process engine tests) assemble it:
// one Deployments port with the triggers that attach to deployments, on a chosen queue backend.
import { inProcessQueues } from './deployments/deployment-queue';
import { Deployments } from './deployments/deployments';
import type { RunQueueFactory } from './ports/run-queue';
import type { TimerScheduler } from './ports/timers';
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
  /** The real clock, epoch ms (default Date.now): throttle windows run on it plus each deployment's offset. */
  now?(): number;
}

export interface DeploymentEngine {
  deployments: Deployments;
  http: HttpTrigger;
}

export function deploymentEngine(deps: DeploymentEngineDeps): DeploymentEngine {
  const deployments = new Deployments({ capacity: deps.capacity, queues: deps.queues ?? inProcessQueues, now: deps.now });
  const http = new HttpTrigger({ deployments, storeFull: deps.storeFull });
  deployments.plug(http);
  deployments.plug(new TimerTrigger(deployments, deps.scheduler));
  return { deployments, http };
}
