// How the invocations of a batch are reported to the main process. Every message wakes the
// main process, so invocations that finish without giving the event loop a turn (the usual
// fast `run`) are reported together: with the next one that does, at the next turn of the
// loop, or with the batch's result. An invocation that gave the loop a turn (it awaited I/O,
// a timer or a data store) is reported the moment it finishes, since what it did outside
// this process must not be done twice.
//
// A report held back is lost if a later invocation then blocks until the runner is killed;
// the main process cannot tell which one blocked, and runs the unreported ones again, one
// report each (`reportEach`). To spare that for the common case of an invocation that waits
// too long on I/O, each turn of the loop that finds an invocation still running says so
// (`running`): the main process then knows it is the one to blame.
import type { ItemReport } from '../../protocol';
import type { Send } from '../channel';

/** Held reports older than this go out at once, so each invocation keeps its own deadline. */
const MAX_HOLD_MS = 20;

/** Counts turns of the event loop that the runner noticed: incoming messages and its own markers. */
export class LoopTurns {
  count = 0;
  bump(): void {
    this.count++;
  }
}

export class BatchReports {
  private held: ItemReport[] = [];
  private running: number | undefined;
  private startTurn = 0;
  private marker: NodeJS.Immediate | undefined;
  private lastSent = performance.now();

  constructor(
    private readonly id: number,
    private readonly send: Send,
    private readonly turns: LoopTurns,
    private readonly reportEach: boolean,
  ) {}

  /** Invocation `index` is about to start. */
  started(index: number): void {
    this.running = index;
    this.startTurn = this.turns.count;
    this.marker ??= setImmediate(() => this.onTurn());
  }

  /** The invocation that started last has finished. */
  finished(report: ItemReport): void {
    this.running = undefined;
    const yielded = this.turns.count !== this.startTurn;
    this.held.push(report);
    if (this.reportEach || yielded || performance.now() - this.lastSent >= MAX_HOLD_MS) this.flush();
  }

  /** The batch is over: what is still held goes with its result. */
  close(): ItemReport[] {
    if (this.marker) clearImmediate(this.marker);
    this.marker = undefined;
    return this.held.splice(0);
  }

  private onTurn(): void {
    this.marker = undefined;
    this.turns.bump();
    if (this.held.length > 0 || this.running !== undefined) this.flush(this.running);
  }

  private flush(running?: number): void {
    this.send({ type: 'items', id: this.id, items: this.held.splice(0), ...(running !== undefined ? { running } : {}) });
    this.lastSent = performance.now();
  }
}
