// Dispatches the main process's messages inside a runner, and says when the runner is idle
// again after a job: at the first turn of its event loop after the job's last message, once
// what the job left pending has been cancelled. Code of a component that still runs after its
// result (a promise chain, a loop) delays that turn, and the pool replaces the runner.
import type { ParentMessage, RunnerMessage } from '../protocol';
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

/** The messages that end a job. */
const FINAL: ReadonlySet<RunnerMessage['type']> = new Set(['result', 'inspected', 'configured']);

export class RunnerHost {
  private readonly cache = new CompartmentCache(MAX_CACHED_COMPARTMENTS);
  private readonly dataStores: DataStoreClient;
  private readonly send: Send;
  /** Jobs received and not yet answered (one at a time, unless the pool skipped the idle wait). */
  private active = 0;
  /** Each message from the main process is a turn of the event loop (see batch-reports.ts). */
  private readonly turns = new LoopTurns();

  /** The invocation that ran last: a runner runs one at a time, so stray failures are its. */
  private lastInvocation = 0;

  constructor(send: Send) {
    this.send = (msg) => {
      send(msg);
      if (FINAL.has(msg.type)) this.ended((msg as { id: number }).id);
    };
    this.dataStores = new DataStoreClient(this.send);
  }

  private ended(id: number): void {
    this.active = Math.max(0, this.active - 1);
    setImmediate(() => {
      if (this.active > 0) return; // the pool gave this runner the same instance's next job
      // Also what a late callback of an earlier invocation armed (they all ended).
      this.cache.cancelTimers();
      this.send({ type: 'idle', id });
    });
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
    if (msg.type === 'invoke' || msg.type === 'inspect' || msg.type === 'configure') this.active++;
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
