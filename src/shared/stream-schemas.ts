// Zod schemas of the JSON each SSE frame carries (the types in resources.ts), for the OpenAPI
// document; resource-schemas-check.ts keeps them and the interfaces in step.
import { z } from 'zod';
import { eventMetadata, logLine, workflowRun } from './resource-schemas';

export const sseEmitFrame = z.object({
  k: z.literal('emit'),
  id: z.string(),
  ts: z.number(),
  e: z.unknown(),
  sum: z.string().nullable(),
  name: z.string(),
  metadata: eventMetadata,
});

export const changedResource = z.enum([
  'components',
  'registry',
  'sources',
  'workflows',
  'subscriptions',
  'accounts',
  'outbox',
  'settings',
  'packages',
  'api-key',
  'data_stores',
  'env',
]);

export const feedFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('emit'), emitter_id: z.string(), frame: sseEmitFrame }),
  z.object({ type: z.literal('log'), source_id: z.string(), line: logLine }),
  z.object({ type: z.literal('run'), workflow_id: z.string(), run: workflowRun }),
  z.object({ type: z.literal('change'), resource: changedResource, id: z.string().optional() }),
  z.object({ type: z.literal('activity'), ts: z.number(), line: z.string() }),
]);
