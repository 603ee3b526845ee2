// REST shapes of test events and step tests (issue #18 item 4): what a manual run or a step test
// is pre-filled with, and the answer of testing one step of a workflow.
import { z } from 'zod';
import { logLine } from './resource-schemas';

/** Where a test event came from: the last run a real trigger started, or a sample of the trigger's shape. */
export const workflowTestEvent = z.object({
  event: z.unknown(),
  from: z.enum(['last_trigger', 'sample']),
  run_id: z.string().nullable(),
});
export type WorkflowTestEvent = z.infer<typeof workflowTestEvent>;

/** `POST /v1/workflows/{id}/steps/{step_name}/test`: the trigger event and earlier steps' exports to use (each optional). */
export const stepTestBody = z.object({
  event: z.unknown().optional(),
  steps: z.record(z.string(), z.record(z.string(), z.unknown(), { error: 'each step must be an object of its exports' }), { error: 'steps must be an object: {"<step name>": {<exports>, "$return_value": …}}' }).optional(),
});
export type StepTestBody = z.infer<typeof stepTestBody>;

/** The outcome of testing one step: no run is recorded; its exports are kept as the step's last test. */
export const stepTestResult = z.object({
  status: z.enum(['success', 'error', 'exited']),
  $return_value: z.unknown().optional(),
  exports: z.record(z.string(), z.unknown()),
  summary: z.string().nullable(),
  logs: z.array(logLine),
  error: z.object({ code: z.string(), message: z.string(), stack: z.string().optional() }).nullable(),
  duration_ms: z.number(),
  inputs: z.object({ steps: z.record(z.string(), z.unknown()) }),
});
export type StepTestResult = z.infer<typeof stepTestResult>;

/** A step's last exports (and `$return_value`), from its last test or last successful run, whichever is newer. */
export const stepLastExports = z.object({
  from: z.enum(['test', 'run']),
  at: z.number(),
  run_id: z.string().nullable(),
  exports: z.record(z.string(), z.unknown()),
});
export type StepLastExports = z.infer<typeof stepLastExports>;
