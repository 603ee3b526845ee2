// One error type for the whole service. A `code` says what went wrong; the HTTP boundary
// (server/error-mapper.ts) and the CLI map codes to a status or exit message in one place each.

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  invalid_component: 400,
  invalid_props: 400,
  configuration_error: 400,
  hook_failed: 422,
  unauthorized: 401,
  forbidden_host: 403,
  /** A credential was given, but the request may not use it (a session cookie without same-origin proof). */
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  gateway_timeout: 504,
  /** The disk is full: a write could not be stored (nothing of it was kept). */
  storage_full: 507,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class RunnelError extends Error {
  override readonly name = 'RunnelError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; details?: Record<string, unknown> };
}
