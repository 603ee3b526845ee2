// The runner's one way out: typed messages to the main process over the IPC channel.
import type { RunnerMessage } from '../protocol';

export type Send = (msg: RunnerMessage) => void;

export const sendToParent: Send = (msg) => {
  if (!process.send || !process.connected) return;
  try {
    process.send(msg);
  } catch (err) {
    // Only data we built goes out; a failure here is a runner bug, worth a line on stderr.
    process.stderr.write(`runnel runner: could not send a "${msg.type}" message: ${(err as Error).message}\n`);
  }
};
