// The one entry point for what a runner sends: the message's type and every field are checked
// before the pool looks at it (see checks.ts). Which job an id may name is the pool's business
// (runner-pool.ts), since only it knows what the runner is running.
import type { RunnerMessage } from '../../protocol';
import { checkConfigured, checkInspected } from './configuration-messages';
import { checkDs } from './data-store-messages';
import { checkItemsMessage, checkLog, checkRespond, checkResult, type JobShape } from './invocation-messages';
import { finite, int, obj, violation } from './checks';

export { ProtocolViolation } from './checks';
export type { JobShape } from './invocation-messages';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * Checks a decoded message; `job` describes the invocation the runner is running (if any).
 * Returns it typed, or throws a ProtocolViolation saying what does not fit.
 */
export function checkRunnerMessage(raw: unknown, job: JobShape | undefined): RunnerMessage {
  const m = obj(raw, 'the message');
  const type = m.type;
  if (type === 'ready') {
    finite(m.baselineRss, 'ready.baselineRss');
    return m as RunnerMessage;
  }
  int(m.id, `${String(type).slice(0, 20)}.id`, 1, MAX_ID);
  switch (type) {
    case 'log':
      return checkLog(m);
    case 'respond':
      return checkRespond(m);
    case 'items':
      return checkItemsMessage(m, job ?? { isStep: false });
    case 'result':
      return checkResult(m, job ?? { isStep: false });
    case 'inspected':
      return checkInspected(m);
    case 'configured':
      return checkConfigured(m);
    case 'ds':
      return checkDs(m);
    case 'idle':
      return m as RunnerMessage;
    default:
      return violation(`unknown message type ${JSON.stringify(String(type)).slice(0, 40)}`);
  }
}
