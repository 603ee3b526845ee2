import { RunnelError } from '../../../shared/errors';
import type { HttpDelivery, HttpEvent } from '../../domain/http';
import type { HttpResponseSpec } from '../../domain/invocations';
import type { DeploymentTriggers } from '../deployments/deployment-kind';
import type { Deployments, TriggerPlug } from '../deployments/deployments';

export interface HttpTriggerDeps {
  deployments: Deployments;
  /** Whether the event store is refusing writes (a full disk). */
  storeFull(): boolean;
}

/**
 * Webhook endpoints of every deployment: one token index, one path from a request to its
 * deployment's queue, and the wait for respond() / $.respond when a caller expects an answer.
 * Returns domain outcomes; server/ alone turns them into status codes.
 */
export class HttpTrigger implements TriggerPlug {
  private readonly byToken = new Map<string, string>();
  private readonly tokenOf = new Map<string, string>();

  constructor(private readonly deps: HttpTriggerDeps) {}

  attach(id: string, t: DeploymentTriggers): void {
    if (!t.http) return;
    this.byToken.set(t.http.token, id);
    this.tokenOf.set(id, t.http.token);
  }

  detach(id: string): void {
    const token = this.tokenOf.get(id);
    if (token === undefined) return;
    this.byToken.delete(token);
    this.tokenOf.delete(id);
  }

  /** Whether a request to this endpoint would be refused with 429 right now. */
  isBusy(token: string): boolean {
    const id = this.byToken.get(token);
    if (!id) return false;
    // A deployment with execution controls records what it refuses (Event Queue Full on a
    // workflow's $errors): its refusal comes from deliver(), with the request read.
    if (this.deps.deployments.kindOf(id)?.controlsOf?.(id)) return false;
    return this.deps.deployments.isFull(id);
  }

  /** Hands a request to its deployment. Throws not_found for unknown or inactive endpoints. */
  async deliver(token: string, event: HttpEvent): Promise<HttpDelivery> {
    const id = this.byToken.get(token);
    const kind = id ? this.deps.deployments.kindOf(id) : undefined;
    const t = id && kind ? kind.triggersOf(id) : undefined;
    if (!id || !kind || !t?.active || !t.http) throw new RunnelError('not_found', 'No active endpoint here');
    const size = typeof event.bodyRaw === 'string' ? event.bodyRaw.length : 0;
    const untilStored = kind.answerAfterStoreWhenFull && this.deps.storeFull();
    const input = { event, sourceType: 'http' as const, hops: 0, size };
    const { deployments } = this.deps;
    if (!t.http.respond) {
      const run = deployments.dispatch(id, input);
      if (!untilStored) {
        run.catch((err) => kind.report(id, err));
        return { kind: 'accepted' };
      }
      await run.catch((err) => {
        kind.report(id, err);
        throw err;
      });
      return { kind: 'accepted' };
    }
    const timeoutMs = t.http.respond.timeoutMs;
    deployments.assertRoom(id, input);
    return new Promise<HttpDelivery>((resolve, reject) => {
      let held: HttpDelivery | undefined;
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        f();
      };
      const settle = (d: HttpDelivery) => finish(() => resolve(d));
      const timer =
        timeoutMs === null ? undefined : setTimeout(() => settle({ kind: 'respond_timeout', seconds: Math.round(timeoutMs / 1000) }), timeoutMs);
      const onRespond = (response: HttpResponseSpec) => {
        // While the disk is full the answer waits for the run to be stored.
        if (untilStored) held ??= { kind: 'response', response };
        else settle({ kind: 'response', response });
      };
      deployments.dispatch(id, { ...input, onRespond }).then(
        (result) => settle(held ?? kind.answerWithoutRespond(result)),
        (err) => {
          const answer = kind.answerFailure(err);
          if (answer) settle(answer);
          else finish(() => reject(err));
        },
      );
    });
  }
}
