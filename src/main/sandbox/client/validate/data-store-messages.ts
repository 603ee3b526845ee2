// A component's data store operation, asked by its runner. Keys, values and TTLs get the
// checks the runner made at the component's call, again, before the store sees them.
import { keyProblem, ttlProblem, valueSizeProblem } from '../../../../shared/data-stores';
import type { RunnerMessage } from '../../protocol';
import { int, obj, str, violation, type Obj } from './checks';

type DsMessage = Extract<RunnerMessage, { type: 'ds' }>;

const KEYED = new Set(['get', 'has', 'delete', 'set', 'setTtl']);
const WHOLE = new Set(['keys', 'entries', 'clear']);

export function checkDs(m: Obj): DsMessage {
  int(m.call, 'ds.call', 0, Number.MAX_SAFE_INTEGER);
  const r = obj(m.request, 'ds.request');
  str(r.store, 'ds.request.store', 200);
  const op = r.op;
  if (typeof op !== 'string' || (!KEYED.has(op) && !WHOLE.has(op))) violation('ds.request.op is not a data store operation');
  if (KEYED.has(op)) {
    const problem = keyProblem(r.key);
    if (problem) violation(`ds.request.key: ${problem}`);
  }
  if (op === 'set') {
    let json: string | undefined;
    try {
      json = JSON.stringify(r.value);
    } catch {
      /* reported below */
    }
    if (json === undefined) violation('ds.request.value is not JSON-serializable');
    const tooBig = valueSizeProblem(r.key as string, json);
    if (tooBig) violation(`ds.request.value: ${tooBig}`);
  }
  if (op === 'set' || op === 'setTtl') {
    const problem = op === 'setTtl' && r.ttl === undefined ? 'ttl is missing' : ttlProblem(r.ttl);
    if (problem) violation(`ds.request.ttl: ${problem}`);
  }
  return m as unknown as DsMessage;
}
