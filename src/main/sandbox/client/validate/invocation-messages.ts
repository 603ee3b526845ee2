// Messages of a running invocation: log lines, HTTP responses, batch items and the result.
import { MAX_LOG_LINE_CHARS, type RunnerMessage } from '../../protocol';
import { type HttpResponseSpec } from '../../../domain/invocations';
import { checkOutcome } from './outcome';
import { arr, finite, int, jsonValue, obj, str, stringMap, violation, type Obj } from './checks';

type Msg<T extends RunnerMessage['type']> = Extract<RunnerMessage, { type: T }>;

/** What the validators need to know about the job a message is for. */
export interface JobShape {
  /** The invocation runs a workflow step (its outcome may carry `step`). */
  isStep: boolean;
}

const MAX_INDEX = 2 ** 31;

export function checkLog(m: Obj): Msg<'log'> {
  if (m.stream !== 'stdout' && m.stream !== 'stderr') violation(`log.stream is not "stdout" or "stderr" (${JSON.stringify(String(m.stream)).slice(0, 20)})`);
  // The runner cuts longer lines (host/channel.ts); the store cuts at the same length.
  str(m.line, 'log.line', MAX_LOG_LINE_CHARS);
  finite(m.ts, 'log.ts');
  return m as Msg<'log'>;
}

export function checkResponse(v: unknown, field: string): HttpResponseSpec {
  const r = obj(v, field);
  int(r.status, `${field}.status`, 100, 599);
  if (r.headers !== undefined) stringMap(r.headers, `${field}.headers`);
  if (r.body !== undefined && typeof r.body !== 'string' && !(r.body instanceof Uint8Array)) jsonValue(r.body, `${field}.body`);
  return r as unknown as HttpResponseSpec;
}

export function checkRespond(m: Obj): Msg<'respond'> {
  checkResponse(m.response, 'respond.response');
  if (m.index !== undefined) int(m.index, 'respond.index', 0, MAX_INDEX);
  return m as Msg<'respond'>;
}

function checkItems(v: unknown, field: string, job: JobShape): void {
  const items = arr(v, field);
  for (let i = 0; i < items.length; i++) {
    const item = obj(items[i], `${field}[${i}]`);
    int(item.index, `${field}[${i}].index`, 0, MAX_INDEX);
    checkOutcome(item, `${field}[${i}]`, job.isStep);
  }
}

export function checkItemsMessage(m: Obj, job: JobShape): Msg<'items'> {
  checkItems(m.items, 'items.items', job);
  if (m.running !== undefined) int(m.running, 'items.running', 0, MAX_INDEX);
  return m as Msg<'items'>;
}

export function checkResult(m: Obj, job: JobShape): Msg<'result'> {
  checkOutcome(m, 'result', job.isStep);
  if (m.items !== undefined) checkItems(m.items, 'result.items', job);
  return m as unknown as Msg<'result'>;
}
