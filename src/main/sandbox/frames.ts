// The runner channel's framing, used at both ends: each message is a 4-byte big-endian length
// and that many bytes of v8.serialize output. It replaces Node's own IPC channel, whose parser
// runs inside Node and takes the whole main process down on bytes it cannot decode; here a
// bad frame is an exception the owner of the channel catches (and kills that runner for).
import { deserialize, serialize } from 'node:v8';

/** The largest frame either end accepts: the largest legitimate message is well below. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const HEADER_BYTES = 4;

/** A frame that is not one: too large, or bytes that do not decode. */
export class FrameError extends Error {}

/** One message as a frame (throws what v8.serialize throws for data it cannot copy). */
export function encodeFrame(msg: unknown): Buffer {
  const body = serialize(msg);
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

/**
 * Cuts a byte stream into messages. Chunks are kept as they arrive and joined once per frame,
 * so a large frame arriving in many chunks is copied once, not once per chunk.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Body size of the frame being read, or -1 while its header is awaited. */
  private size = -1;

  constructor(private readonly maxBytes: number = MAX_FRAME_BYTES) {}

  /** Adds bytes; returns the messages they complete. Throws a FrameError on a bad frame. */
  push(chunk: Buffer): unknown[] {
    const out: unknown[] = [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.size < 0) {
        if (this.buffered < HEADER_BYTES) break;
        this.size = this.take(HEADER_BYTES).readUInt32BE(0);
        // Refused before any of it is buffered: a forged length cannot make us hold gigabytes.
        if (this.size > this.maxBytes) throw new FrameError(`a frame of ${this.size} bytes, over the ${this.maxBytes}-byte limit`);
      }
      if (this.buffered < this.size) break;
      const body = this.take(this.size);
      this.size = -1;
      try {
        out.push(deserialize(body));
      } catch (err) {
        throw new FrameError(`a frame of ${body.length} bytes that could not be decoded (${(err as Error).message})`);
      }
    }
    return out;
  }

  /** The first `n` buffered bytes (n ≤ buffered), removed from the buffer. */
  private take(n: number): Buffer {
    if (n === 0) return Buffer.alloc(0);
    this.buffered -= n;
    const first = this.chunks[0];
    if (first.length === n) return this.chunks.shift()!;
    if (first.length > n) {
      this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    return all.subarray(0, n);
  }
}
