import type { HttpDelivery, HttpRequestFacts } from '../domain/http';
import { httpEventOf } from '../runtime/http-event';
import type { SourceRuntime } from '../runtime/source-runtime';
import type { WorkflowRuntime } from '../runtime/workflows/workflow-runtime';

export interface WebhookServiceDeps {
  sources: SourceRuntime;
  workflows: WorkflowRuntime;
}

/** Webhook requests to their deployment: an endpoint token belongs to a workflow or a source. */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /** Whether the endpoint's queue is full (the request would be refused with 429). */
  isBusy(token: string): boolean {
    return this.deps.sources.isBusy(token) || this.deps.workflows.isBusy(token);
  }

  /** Runs the request through its deployment; throws not_found for unknown or inactive endpoints. */
  deliver(token: string, request: HttpRequestFacts): Promise<HttpDelivery> {
    const event = httpEventOf(request);
    return this.deps.workflows.owns(token) ? this.deps.workflows.deliverHttp(token, event) : this.deps.sources.deliverHttp(token, event);
  }
}
