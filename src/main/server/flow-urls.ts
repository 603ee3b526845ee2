import type { IncomingMessage, ServerResponse } from 'node:http';
import { RunnelError } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import type { Logger } from '../logger';
import type { CallbackRequest } from '../domain/flow';
import type { FlowService } from '../services/flow-service';
import { mapError } from './error-mapper';
import { readLimited, requestFacts } from './webhooks';

export const FLOW_PREFIX = '/flow';

const CORS = { 'access-control-allow-origin': '*' };
const PATH = /^\/flow\/([A-Za-z0-9]{16,64})\/(resume|cancel)\/?$/;

export function isFlowPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${FLOW_PREFIX}/`);
}

/**
 * Public resume and cancel URLs of paused runs: `/flow/<token>/resume|cancel`, any method, no
 * API key (like webhooks: the random token is the credential). Each works once; then 404.
 * The request (a JSON body parsed) becomes the suspended step's `$resume_data`, or a rerun's
 * `$.context.run.callback_request`.
 */
export function flowListener(flow: FlowService, logger: Logger, baseUrl: () => string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(flow, baseUrl, req, res).catch((err) => {
      const m = mapError(err, logger, `${req.method} ${FLOW_PREFIX}/…`);
      if (m.status === 413) req.resume();
      send(res, m.status, { ...m.headers }, m.body);
    });
  };
}

async function handle(flow: FlowService, baseUrl: () => string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', baseUrl());
  if (req.method === 'OPTIONS') {
    req.resume();
    res.writeHead(204, { ...CORS, 'access-control-allow-methods': '*', 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*' });
    res.end();
    return;
  }
  const m = PATH.exec(url.pathname);
  if (!m) throw new RunnelError('not_found', 'Not a resume or cancel URL: they look like /flow/<token>/resume and /flow/<token>/cancel');
  const [, token, action] = m;
  const max = LIMITS.flowResumeBodyBytes;
  if (Number(req.headers['content-length'] ?? 0) > max) throw new RunnelError('payload_too_large', `The request body is over ${max / 1024} KB`);
  const raw = await readLimited(req, max);
  const facts = requestFacts(req, url, url.pathname, raw);
  const request: CallbackRequest = {
    method: facts.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: facts.headers,
    body: bodyOf(facts.bodyRaw, facts.headers['content-type']),
  };
  const answer = await flow.end(token, action as 'resume' | 'cancel', request);
  send(res, 202, {}, { success: true, action, ...answer });
}

/** JSON when it says so (or looks like it), else the text. */
function bodyOf(raw: string, type: string | undefined): unknown {
  if (raw === '') return '';
  if (type?.includes('json') || /^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      /* kept as text */
    }
  }
  return raw;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...CORS, ...headers });
  res.end(JSON.stringify(body));
}
