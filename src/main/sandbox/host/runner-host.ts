// Dispatches the main process's messages inside a runner.
import type { ParentMessage } from '../protocol';
import type { Send } from './channel';
import { CompartmentCache } from './component/compartment-cache';
import { DataStoreClient } from './data-store-client';
import { inspectComponent } from './component/inspect-component';
import { configureComponent } from './configure/configure-component';
import { runInvocation } from './invoke/run-invocation';
import { LoopTurns } from './invoke/batch-reports';
import { describeThrown } from './globals/readable-errors';

/** Compartments kept per runner; older ones are rebuilt on their next invocation. */
const MAX_CACHED_COMPARTMENTS = 64;

export class RunnerHost {
  private readonly cache = new CompartmentCache(MAX_CACHED_COMPARTMENTS);
  private readonly dataStores: DataStoreClient;
  /** Each message from the main process is a turn of the event loop (see batch-reports.ts). */
  private readonly turns = new LoopTurns();

  /** The invocation that ran last: a runner runs one at a time, so stray failures are its. */
  private lastInvocation = 0;

  constructor(private readonly send: Send) {
    this.dataStores = new DataStoreClient(send);
  }

  /** A promise of component code rejected with nobody listening: say so in its log. */
  reportUnhandledRejection(reason: unknown): void {
    if (this.lastInvocation === 0) return;
    this.send({
      type: 'log',
      id: this.lastInvocation,
      stream: 'stderr',
      line: `[runnel] Unhandled promise rejection: ${describeThrown(reason)}`,
      ts: Date.now(),
    });
  }

  handle(msg: ParentMessage): void {
    this.turns.bump();
    switch (msg.type) {
      case 'invoke':
        this.lastInvocation = msg.id;
        void runInvocation(msg.id, msg.request, { cache: this.cache, send: this.send, dataStores: this.dataStores, turns: this.turns });
        return;
      case 'inspect':
        inspectComponent(msg.id, msg.code, this.send);
        return;
      case 'configure':
        // Its code runs asynchronously like an invocation's: a stray rejection now is its own,
        // and is dropped with it rather than filed in an unrelated invocation's log.
        this.lastInvocation = msg.id;
        void configureComponent(msg, this.send, this.dataStores);
        return;
      case 'forget':
        this.cache.forget(msg.instanceId);
        return;
      case 'ds-result':
        this.dataStores.settle(msg);
        return;
      default:
        process.stderr.write(`runnel runner: unknown message ${JSON.stringify((msg as { type?: unknown }).type)}\n`);
    }
  }
}
