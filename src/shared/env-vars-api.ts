// Project environment variables over REST v1 (`/v1/env`): what a request may send, what an
// answer holds. Components read them as `process.env.NAME`, step props as `{{process.env.NAME}}`.
import { z } from 'zod';

/** As the hosted service and shells accept them: a letter or `_`, then letters, digits, `_`. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** The longest value kept (a certificate or a JSON key file fits). */
export const ENV_VALUE_MAX_CHARS = 32 * 1024;
/** Names Runnel sets itself: a project variable of that name would be ignored, so it is refused. */
export const RESERVED_ENV_NAMES = new Set(['PD_COMPONENT']);

export const putEnvVarBody = z.object({
  value: z.string({ error: 'value must be a string' }).max(ENV_VALUE_MAX_CHARS, `value must be at most ${ENV_VALUE_MAX_CHARS} characters`),
  /** Default true: masked in answers and logs. */
  secret: z.boolean({ error: 'secret must be true or false' }).optional(),
});
export type PutEnvVarBody = z.infer<typeof putEnvVarBody>;

export const envVar = z.object({
  name: z.string(),
  /** `********` when secret. */
  value: z.string(),
  secret: z.boolean(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type EnvVar = z.infer<typeof envVar>;
