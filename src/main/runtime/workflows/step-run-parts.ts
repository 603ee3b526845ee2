// Small pieces of a step's record in a run: a skipped step, an error, a note in its logs.
import type { LogLine, StepRun } from '../../../shared/resources';
import type { SerializedError } from '../../domain/invocations';
import type { StepDoc } from '../../store/document-types';

/** A step the run did not reach or that is disabled. */
export function skippedStep(s: StepDoc): StepRun {
  return { id: s.id, name: s.name, status: 'skipped', exports: {}, summary: null, logs: [], duration_ms: 0, error: null };
}

/** A `[runnel]` line in a step's logs. */
export function noteOf(ts: number, what: string): LogLine {
  return { ts, stream: 'stderr', line: `[runnel] ${what}` };
}

/** A step's error as the run record shows it. */
export function stepError(e: SerializedError): StepRun['error'] {
  return { code: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
}
