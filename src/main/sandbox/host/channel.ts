// The runner's one way in and out: framed messages (../frames.ts) on the socket the main
// process gave it as fd 3. Not Node's IPC channel: that one's parser runs inside Node in the
// main process, where bytes it cannot decode kill the whole service. The runner's end cuts
// what it sends to what the main process accepts (long log lines, oversized results), so a
// component's large output fails that component, not its runner.
import { Socket } from 'node:net';
import { encodeFrame, FrameReader, MAX_FRAME_BYTES } from '../frames';
import { MAX_LOG_LINE_CHARS, type ParentMessage, type RunnerMessage } from '../protocol';
import { smallerMessages } from './oversize-messages';

export type Send = (msg: RunnerMessage) => void;

/** The descriptor the main process puts the channel on (runner-process.ts spawns with it). */
export const CHANNEL_FD = 3;

let socket: Socket | undefined;

/**
 * Opens the channel; `onMessage` gets each message from the main process. The runner exits
 * when the main process closes its end (an orphaned runner would run leftover intervals forever).
 */
export function openChannel(onMessage: (msg: ParentMessage) => void): void {
  socket = new Socket({ fd: CHANNEL_FD, readable: true, writable: true });
  // The main process is trusted: no size limit on what it sends (a batch can be large).
  const reader = new FrameReader(0xffffffff);
  socket.on('data', (chunk: Buffer) => {
    let messages: unknown[];
    try {
      messages = reader.push(chunk);
    } catch (err) {
      process.stderr.write(`runnel runner: the main process sent ${(err as Error).message}\n`);
      process.exit(1);
    }
    for (const msg of messages) onMessage(msg as ParentMessage);
  });
  socket.on('error', () => process.exit(0));
  socket.on('close', () => process.exit(0));
}

/** A log line cut to what the channel carries, saying how much was cut. */
function cutLine(line: string): string {
  if (line.length <= MAX_LOG_LINE_CHARS) return line;
  const keep = MAX_LOG_LINE_CHARS - 40;
  return `${line.slice(0, keep)}… [${line.length - keep} more characters]`;
}

export const sendToParent: Send = (msg) => {
  if (!socket || socket.destroyed) return;
  if (msg.type === 'log') msg = { ...msg, line: cutLine(msg.line) };
  try {
    const frame = encodeFrame(msg);
    if (frame.length <= MAX_FRAME_BYTES) {
      socket.write(frame);
      return;
    }
    for (const smaller of smallerMessages(msg, frame.length, MAX_FRAME_BYTES)) socket.write(encodeFrame(smaller));
  } catch (err) {
    // Only data we built goes out; a failure here is a runner bug, worth a line on stderr.
    process.stderr.write(`runnel runner: could not send a "${msg.type}" message: ${(err as Error).message}\n`);
  }
};
