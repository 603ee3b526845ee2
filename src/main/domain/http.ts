// Plain types of the HTTP trigger, shared by the runtime (which produces them), the services
// and the server (which maps them to the wire). No code: any layer may use them.
import type { HttpResponseSpec } from './invocations';

/** What an HTTP request is made of, as the webhook ingress read it. */
export interface HttpRequestFacts {
  method: string;
  /** The full URL the request was made to (webhook path and query included), as URL text. */
  url: string;
  /** What follows `/e/<token>`: the path a component sees. */
  path: string;
  /** Lower-case names; repeated headers joined by `, `. */
  headers: Record<string, string>;
  bodyRaw: string;
  clientIp: string;
}

/** An HTTP request as the webhook ingress hands it over (the `run(event)` argument). */
export type HttpEvent = Record<string, unknown>;

/** The answer a component gave with respond() / $.respond. */
export type HttpAnswer = HttpResponseSpec;

/**
 * What became of a webhook request, as the runtime reports it. Only server/ turns an outcome
 * into a status code and body (server/delivery-answer.ts).
 */
export type HttpDelivery =
  /** Queued; the caller is told so at once. */
  | { kind: 'accepted' }
  /** The component answered with respond() / $.respond. */
  | { kind: 'response'; response: HttpAnswer }
  /** A source meant to answer did not within `seconds`. */
  | { kind: 'respond_timeout'; seconds: number }
  /** The run ended without answering. */
  | { kind: 'no_respond'; deployment: 'source' | 'workflow' }
  /** A workflow step failed before $.respond was called (`code` is the error's name). */
  | { kind: 'step_failed'; step: string | undefined; code: string; message: string }
  /** The run could not be started or failed outside any step (`overloaded`: its queue was full). */
  | { kind: 'run_failed'; message: string; overloaded: boolean };
