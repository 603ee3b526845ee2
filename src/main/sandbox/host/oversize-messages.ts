// What the runner sends instead of a message larger than the channel carries: the main process
// would refuse the frame and kill the runner, so the invocation (or the batch item, or the
// response) fails with a clear error instead, and the runner goes on.
import { encodeFrame } from '../frames';
import type { ItemReport, RunnerMessage } from '../protocol';
import type { SerializedError } from '../../domain/invocations';

const MB = 1024 * 1024;

function tooLarge(what: string, bytes: number, max: number): SerializedError {
  return {
    name: 'RangeError',
    message: `Runnel: ${what} is ${Math.ceil(bytes / MB)} MB, over the ${max / MB} MB a runner may send to the service; return, export, emit or respond with less data`,
  };
}

const failedOutcome = (error: SerializedError, step: boolean) => ({
  ok: false,
  error,
  emits: [],
  db: { set: {}, del: [] },
  ...(step ? { step: { exports: {}, sends: [], responded: false } } : {}),
});

/** Item reports that each fit, a too-large one replaced by its failure. */
function fittingItems(items: ItemReport[], max: number): ItemReport[] {
  return items.map((item) => {
    const bytes = encodeFrame(item).length;
    return bytes <= max - 1024 ? item : { index: item.index, ...failedOutcome(tooLarge('what this invocation produced', bytes, max), item.step !== undefined) };
  });
}

/** Messages to send in place of `msg`, whose frame is `bytes` long (over `max`). */
export function smallerMessages(msg: RunnerMessage, bytes: number, max: number): RunnerMessage[] {
  switch (msg.type) {
    case 'result': {
      const items = msg.items ? fittingItems(msg.items, max) : [];
      // Items are sent one per message, so their sizes do not add up.
      const each: RunnerMessage[] = items.map((item) => ({ type: 'items', id: msg.id, items: [item] }));
      const { items: _items, ...rest } = msg;
      const alone = encodeFrame(rest).length;
      const result = alone <= max ? rest : { id: msg.id, ...failedOutcome(tooLarge('the result of this invocation', alone, max), msg.step !== undefined) };
      return [...each, { ...result, type: 'result' }];
    }
    case 'items':
      return fittingItems(msg.items, max).map((item) => ({ type: 'items', id: msg.id, items: [item], ...(msg.running !== undefined ? { running: msg.running } : {}) }));
    case 'respond':
      return [{ ...msg, response: { status: 500, body: tooLarge('the HTTP response', bytes, max).message } }];
    case 'inspected':
      return [{ type: 'inspected', id: msg.id, ok: false, error: tooLarge("the component's description", bytes, max) }];
    case 'configured':
      return [{ type: 'configured', id: msg.id, ok: false, error: tooLarge('the configuration result', bytes, max) }];
    default:
      // Log lines are cut, data store values capped: nothing else can grow this large.
      throw new Error(`a "${msg.type}" message of ${bytes} bytes is over the channel's limit`);
  }
}
