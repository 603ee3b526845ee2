// A kind of deployment (sources, workflows) as the engine sees it: what triggers a stored
// deployment has, how a batch of its runs is carried out, and what an HTTP caller is told when
// a run ends without answering. Every trigger goes through Deployments, never to a kind.
import type { HttpDelivery } from '../../domain/http';
import type { TriggerInput } from '../../domain/triggers';
import type { QueueControls } from '../ports/run-queue';
import type { TimerConfig } from '../props/timer-config';

export type DeploymentKindName = 'source' | 'workflow';

/** The triggers of one stored deployment, read from its document. */
export interface DeploymentTriggers {
  active: boolean;
  /** Its webhook endpoint; `respond` set when a caller waits for respond() / $.respond. */
  http: { token: string; respond: null | { timeoutMs: number | null } } | null;
  timer: TimerConfig | null;
  /** How far the deployment's virtual clock runs ahead of the real one. */
  clockOffsetMs: number;
}

export interface DeploymentKind<R = unknown> {
  readonly name: DeploymentKindName;
  /** Batching of its queue: how many runs one batch takes and how long it may wait under load. */
  readonly batching: { maxBatch: number; holdMs: number };
  /**
   * While the disk is full, whether an HTTP request is answered only once its run is stored
   * (an error if it could not be, never a 200 for events that were lost).
   */
  readonly answerAfterStoreWhenFull: boolean;
  /** The triggers of a stored deployment; undefined once it is deleted. */
  triggersOf(id: string): DeploymentTriggers | undefined;
  /** Carries out consecutive runs of one deployment, in order. */
  runBatch(id: string, inputs: TriggerInput[]): Promise<R[]>;
  /** The answer to an HTTP caller waiting for respond() when the run ended without it. */
  answerWithoutRespond(result: R): HttpDelivery;
  /** The answer to that caller when the run failed outside the component (undefined: rethrow). */
  answerFailure(err: unknown): HttpDelivery | undefined;
  /** A run nobody waits for failed, or a timer firing was skipped: said where the user looks. */
  report(id: string, problem: unknown): void;
  /**
   * The deployment's execution controls (concurrency, throttle, queue size), read at each
   * queue decision; without them its runs go one at a time and the engine's capacity applies.
   */
  controlsOf?(id: string): QueueControls | undefined;
  /** An event was refused because the deployment's queue was full (a workflow records it on `$errors`). */
  refused?(id: string, input: TriggerInput): void;
}
