// Caps how many log lines one invocation can send. Each line is an IPC message the main
// process must decode and store; a component logging in a tight loop would otherwise flood it
// (the store keeps only the last lines anyway).
import type { LogStream } from '../../domain/invocations';
import type { RunnerMessage } from '../protocol';

export const MAX_LINES_PER_INVOCATION = 5_000;

/** A log writer for messages tagged with `idOf()`, dropping lines past the budget per id. */
export function budgetedLog(send: (msg: RunnerMessage) => void, idOf: () => number) {
  let id = -1;
  let count = 0;
  return (stream: LogStream, line: string): void => {
    const current = idOf();
    if (current !== id) {
      id = current;
      count = 0;
    }
    count++;
    if (count <= MAX_LINES_PER_INVOCATION) {
      send({ type: 'log', id, stream, line, ts: Date.now() });
    } else if (count === MAX_LINES_PER_INVOCATION + 1) {
      const note = `[runnel] more than ${MAX_LINES_PER_INVOCATION} log lines in one invocation; further lines are dropped`;
      send({ type: 'log', id, stream: 'stderr', line: note, ts: Date.now() });
    }
  };
}
