// The runner's end of data store operations: each call is a `ds` message to the main process,
// settled by the matching `ds-result`. One per runner (a runner runs one invocation at a time,
// but a component may have several calls in flight).
import type { DataStoreRequest } from '../data-store-protocol';
import type { DataStoreResult } from '../protocol';
import type { Send } from './channel';

export class DataStoreClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  constructor(private readonly send: Send) {}

  /** Asks the main process to carry out `request` for invocation `invocationId`. */
  call(invocationId: number, request: DataStoreRequest): Promise<unknown> {
    const call = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(call, { resolve, reject });
      this.send({ type: 'ds', id: invocationId, call, request });
    });
  }

  settle(msg: DataStoreResult): void {
    const p = this.pending.get(msg.call);
    if (!p) return;
    this.pending.delete(msg.call);
    if (msg.ok) {
      p.resolve(msg.value);
      return;
    }
    const err = msg.error.name === 'RangeError' ? new RangeError(msg.error.message) : new Error(msg.error.message);
    p.reject(err);
  }
}
