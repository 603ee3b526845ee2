// Errors cross to the main process as data. Anything thrown becomes { name, message, stack };
// frames inside the runner itself are dropped so a component's stack shows its own code.
import { dirname } from 'node:path';
import { inspect } from 'node:util';
import type { SerializedError } from '../../domain/invocations';

// The runner's bundle folder (out/main): chunks live below it, so this covers them too.
const runnerDir = process.argv[1] ? dirname(process.argv[1]) : undefined;

function read(err: object, key: 'name' | 'message' | 'stack'): unknown {
  try {
    return (err as Record<string, unknown>)[key];
  } catch {
    return undefined; // a getter that throws
  }
}

/** Drops the stack frames that belong to the runner itself. */
export function trimStack(stack: string): string {
  if (!runnerDir) return stack;
  return stack
    .split('\n')
    .filter((line) => !line.includes(runnerDir))
    .join('\n');
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
      ...(typeof stack === 'string' ? { stack: trimStack(stack) } : {}),
    };
  }
  // `throw "boom"` and friends: report them as the Error they should have been.
  const message = typeof err === 'string' ? err : inspect(err, { depth: 2, breakLength: Infinity });
  return { name: 'Error', message };
}
