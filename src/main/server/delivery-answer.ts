import type { HttpAnswer, HttpDelivery } from '../domain/http';

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The HTTP answer to a webhook request that was not simply accepted: the component's own, or
 * what the service says when there is none. The only place a delivery outcome gets a status.
 */
export function deliveryAnswer(d: Exclude<HttpDelivery, { kind: 'accepted' }>): HttpAnswer {
  switch (d.kind) {
    case 'response':
      return d.response;
    case 'respond_timeout':
      return failure(504, 'gateway_timeout', `The source did not respond within ${d.seconds} s`);
    case 'no_respond':
      return d.deployment === 'source'
        ? failure(504, 'gateway_timeout', 'The source finished without calling respond()')
        : failure(400, 'no_response', 'No $.respond called in workflow');
    case 'step_failed':
      return failure(d.code === 'TimeoutError' ? 504 : 500, 'workflow_error', `Step "${d.step}" failed before $.respond: ${d.code}: ${d.message}`);
    case 'run_failed':
      return failure(d.overloaded ? 429 : 500, 'run_failed', d.message);
  }
}

function failure(status: number, code: string, message: string): HttpAnswer {
  return { status, headers: { ...JSON_TYPE }, body: { error: { code, message } } };
}
