// Request schemas of the data store routes (REST v1); shapes and limits in data-stores.ts.
import { z } from 'zod';
import { DATA_STORE_LIMITS } from './data-stores';

export const createDataStoreBody = z.object({
  name: z
    .string({ error: 'name is required: the data store\'s name, e.g. {"name": "customers"}' })
    .trim()
    .min(1, 'name must not be empty')
    .max(DATA_STORE_LIMITS.nameChars, `name must be at most ${DATA_STORE_LIMITS.nameChars} characters`),
});
export type CreateDataStoreBody = z.infer<typeof createDataStoreBody>;

/**
 * `PUT /v1/data_stores/{id}/records/{key}`: `value` is any JSON; `ttl` in seconds sets the
 * expiry, `null` removes it, and leaving it out keeps the record's current expiry.
 */
export const putRecordBody = z
  .object({ value: z.unknown().optional(), ttl: z.unknown().optional() })
  .refine((b) => b.value !== undefined, { message: 'value is required (any JSON, e.g. {"value": {"n": 1}})', path: ['value'] });
export type PutRecordBody = z.infer<typeof putRecordBody>;
