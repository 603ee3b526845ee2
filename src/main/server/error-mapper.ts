import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { ERROR_STATUS, RunnelError, type ErrorBody, type ErrorCode } from '../../shared/errors';
import type { Logger } from '../logger';

/** The one place where errors become HTTP responses: `{"error": {"code", "message"}}`. */
export function errorResponse(c: Context, err: unknown, logger: Logger): Response {
  if (err instanceof RunnelError) return send(c, err.code, err.message, err.details);
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const path = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return send(c, 'bad_request', `${path}${issue?.message ?? 'invalid request'}`, { issues: err.issues.map((i) => ({ path: i.path, message: i.message })) });
  }
  if (isHttpError(err)) {
    if (err.status === 413) return send(c, 'payload_too_large', 'The request body is too large');
    if (err.status === 400) return send(c, 'bad_request', err.message || 'Bad request');
  }
  logger.error(`unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}`, err);
  return send(c, 'internal', 'Something went wrong inside Runnel; the error has been logged');
}

export function send(c: Context, code: ErrorCode, message: string, details?: Record<string, unknown>): Response {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  if (code === 'too_many_requests') c.header('Retry-After', '1');
  return c.json(body, ERROR_STATUS[code] as ContentfulStatusCode);
}

function isHttpError(err: unknown): err is { status: number; message: string } {
  return typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';
}
