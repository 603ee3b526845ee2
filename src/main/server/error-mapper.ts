import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { ERROR_STATUS, RunnelError, type ErrorBody, type ErrorCode } from '../../shared/errors';
import type { Logger } from '../logger';

export interface MappedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** The one place where errors become HTTP answers: a status and `{"error": {"code", "message"}}`. */
export function mapError(err: unknown, logger: Logger, where: string): MappedError {
  if (err instanceof RunnelError) return mapped(err.code, err.message, err.details);
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    const path = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return mapped('bad_request', `${path}${issue?.message ?? 'invalid request'}`, {
      issues: err.issues.map((i) => ({ path: i.path, message: i.message })),
    });
  }
  if (isHttpError(err)) {
    if (err.status === 413) return mapped('payload_too_large', 'The request body is too large');
    if (err.status === 400) return mapped('bad_request', err.message || 'Bad request');
  }
  logger.error(`unexpected error on ${where}`, err);
  return mapped('internal', 'Something went wrong inside Runnel; the error has been logged');
}

/** Hono's side of the mapper. */
export function errorResponse(c: Context, err: unknown, logger: Logger): Response {
  const m = mapError(err, logger, `${c.req.method} ${new URL(c.req.url).pathname}`);
  return c.json(m.body, m.status as ContentfulStatusCode, m.headers);
}

function mapped(code: ErrorCode, message: string, details?: Record<string, unknown>): MappedError {
  return {
    status: ERROR_STATUS[code],
    body: { error: { code, message, ...(details ? { details } : {}) } },
    headers: code === 'too_many_requests' ? { 'retry-after': '1' } : {},
  };
}

function isHttpError(err: unknown): err is { status: number; message: string } {
  return typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';
}
