// Errors cross to the main process as data. Anything thrown becomes { name, message, stack };
// its stack names the user's files and lines, without the runner's own frames.
import { inspect } from 'node:util';
import type { SerializedError } from '../../domain/invocations';
import { mapStack } from './component/source-maps';

function read(err: object, key: 'name' | 'message' | 'stack'): unknown {
  try {
    return (err as Record<string, unknown>)[key];
  } catch {
    return undefined; // a getter that throws
  }
}

/** Any thrown value as a SerializedError. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof Error || (typeof err === 'object' && err !== null && typeof read(err, 'message') === 'string')) {
    const e = err as object;
    const name = read(e, 'name');
    const stack = read(e, 'stack');
    return {
      name: typeof name === 'string' && name !== '' ? name : 'Error',
      message: String(read(e, 'message')),
      ...(typeof stack === 'string' ? { stack: mapStack(stack) } : {}),
    };
  }
  // `throw "boom"` and friends: report them as the Error they should have been.
  const message = typeof err === 'string' ? err : inspect(err, { depth: 2, breakLength: Infinity });
  return { name: 'Error', message };
}
