import type { HttpDelivery, HttpRequestFacts } from '../domain/http';
import { httpEventOf } from '../runtime/http-event';
import type { HttpTrigger } from '../engine/triggers/http-trigger';

/** Webhook requests to their deployment (a source or a workflow: the engine's HTTP trigger knows which). */
export class WebhookService {
  constructor(private readonly http: HttpTrigger) {}

  /** Whether the endpoint's queue is full (the request would be refused with 429). */
  isBusy(token: string): boolean {
    return this.http.isBusy(token);
  }

  /** Runs the request through its deployment; throws not_found for unknown or inactive endpoints. */
  deliver(token: string, request: HttpRequestFacts): Promise<HttpDelivery> {
    return this.http.deliver(token, httpEventOf(request));
  }
}
