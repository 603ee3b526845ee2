// What a finished invocation reports (a `result`, or an item of a batch): emits within the
// size caps of LIMITS, db changes the store can keep, an error, a JSON-able return value and,
// for a workflow step, its step result.
import { LIMITS } from '../../../../shared/limits';
import type { OutcomeFields, SerializedError } from '../../../domain/invocations';
import { arr, bool, finite, jsonBytes, jsonValue, obj, optStr, safeKey, str, violation, type Obj } from './checks';
import { checkStepResult } from './step-result';

/** Each of an emit's id, name and summary; the event budget bounds them anyway. */
const MAX_EMIT_META_CHARS = LIMITS.emitEventBytes;

export function checkError(v: unknown, field: string): SerializedError {
  const e = obj(v, field);
  str(e.name, `${field}.name`);
  str(e.message, `${field}.message`);
  optStr(e.stack, `${field}.stack`);
  return e as unknown as SerializedError;
}

function checkEmits(v: unknown, field: string): void {
  const emits = arr(v, field);
  let total = 0;
  for (let i = 0; i < emits.length; i++) {
    const at = `${field}[${i}]`;
    const e = obj(emits[i], at);
    const bytes = jsonBytes(e.event, `${at}.event`);
    if (bytes > LIMITS.emitEventBytes) violation(`an emitted event of ${bytes} bytes as JSON (${at}); the cap is ${LIMITS.emitEventBytes} bytes per event`);
    total += bytes;
    if (total > LIMITS.invocationEmitBytes) {
      violation(`emitted events of more than ${total} bytes as JSON in one invocation (${field}); the cap is ${LIMITS.invocationEmitBytes} bytes per invocation`);
    }
    if (e.id !== undefined && typeof e.id !== 'number') str(e.id, `${at}.id`, MAX_EMIT_META_CHARS);
    if (typeof e.id === 'number') finite(e.id, `${at}.id`);
    optStr(e.name, `${at}.name`, MAX_EMIT_META_CHARS);
    optStr(e.summary, `${at}.summary`, MAX_EMIT_META_CHARS);
    if (e.ts !== undefined) finite(e.ts, `${at}.ts`);
  }
}

function checkDb(v: unknown, field: string): void {
  const db = obj(v, field);
  const set = obj(db.set, `${field}.set`);
  for (const k in set) {
    safeKey(k, `${field}.set key`);
    const bytes = jsonBytes(set[k], `${field}.set["${k.slice(0, 64)}"]`);
    if (bytes > LIMITS.dbValueBytes) violation(`${field}.set["${k.slice(0, 64)}"] is ${bytes} bytes as JSON, over ${LIMITS.dbValueBytes}`);
  }
  const del = arr(db.del, `${field}.del`);
  for (let i = 0; i < del.length; i++) safeKey(del[i], `${field}.del[${i}]`);
}

/** Checks the outcome fields of `o` (a result or an item report). */
export function checkOutcome(o: Obj, field: string, isStep: boolean): OutcomeFields {
  bool(o.ok, `${field}.ok`);
  if (o.error !== undefined) checkError(o.error, `${field}.error`);
  checkEmits(o.emits, `${field}.emits`);
  checkDb(o.db, `${field}.db`);
  jsonValue(o.value, `${field}.value`, true);
  if (o.step !== undefined) {
    if (!isStep) violation(`${field}.step is set for an invocation that is not a workflow step`);
    checkStepResult(o.step, `${field}.step`);
  }
  return o as unknown as OutcomeFields;
}
