import type { Context } from 'hono';
import type { z } from 'zod';
import { RunnelError } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';

/** Reads and validates a JSON body. An empty body counts as `{}`. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  if (Buffer.byteLength(text) > LIMITS.restBodyBytes) throw new RunnelError('payload_too_large', 'The request body is over 5 MB');
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new RunnelError('invalid_json', `The request body is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RunnelError('bad_request', 'The request body must be a JSON object');
  }
  return schema.parse(value);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}
