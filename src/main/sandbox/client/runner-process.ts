// One runner child process as the pool sees it: spawn, ready handshake, messages, kill, and
// one `onExit` with the facts needed to say why it died. Messages come over our own framed
// channel on fd 3 (../frames.ts), never Node's IPC: nothing the runner writes there is parsed
// outside a try/catch, and whatever does not decode or does not fit the protocol kills this
// runner (a RunnerProtocolError for its job), never the main process.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from '../../logger';
import { encodeFrame, FrameReader } from '../frames';
import type { ParentMessage } from '../protocol';
import { MEMORY_CAP_MARKER } from '../runner-markers';
import { exitError, isHeapLimitLine, type KillReason } from './exit-cause';
import type { SerializedError } from '../../domain/invocations';
import { watchMemory, type MemoryWatch } from './os-wall/memory-watch';
import type { RunnerLaunch } from './os-wall/runner-launch';

/** `settling`: its job ended, its confirmation that nothing of it still runs is awaited. */
export type RunnerState = 'starting' | 'idle' | 'busy' | 'settling' | 'dead';

export interface RunnerProcessOptions {
  /** How to start it (os-wall/runner-launch.ts). */
  launch: RunnerLaunch;
  memoryCapMb: number;
  /** Enforce the memory cap from here (Linux); else the runner watches itself. */
  watchMemory: boolean;
  logger: Logger;
  startTimeoutMs: number;
  /**
   * A decoded message, not yet checked: the pool validates it. Throwing kills this runner with
   * a RunnerProtocolError naming what was thrown.
   */
  onMessage(runner: RunnerProcess, msg: unknown): void;
  /** Called once, after the process is gone and its stderr fully read. */
  onExit(runner: RunnerProcess, error: SerializedError, killReason: KillReason | undefined): void;
}

const STDERR_TAIL_CHARS = 8 * 1024;
/** Runner output is diagnostics for us, not component logs; past this it is only counted. */
const MAX_LOGGED_LINES = 50;

/** One runner child process and its lifecycle. */
export class RunnerProcess {
  state: RunnerState = 'starting';
  /** `instanceId\ncodeHash` keys the runner has compartments for (most recent last). */
  readonly cached = new Set<string>();
  idleSince = 0;
  baselineRss = 0;
  /** Resolves once the process has exited (for dispose). */
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private readonly channel: Writable | undefined;
  private killReason?: KillReason;
  /** What was wrong with what the runner sent, when that is why it was killed. */
  private protocolProblem?: string;
  private stderrTail = '';
  private memoryMarker?: string;
  private heapLimitReached = false;
  /** The resident size the main process's watch saw over the cap. */
  private memoryRss?: number;
  private memory?: MemoryWatch;
  private loggedLines = 0;
  private startTimer?: NodeJS.Timeout;
  private exitFallback?: NodeJS.Timeout;
  private exitFacts?: { code: number | null; signal: NodeJS.Signals | null };
  private finished = false;
  private resolveExited!: () => void;

  constructor(private readonly opts: RunnerProcessOptions) {
    this.exited = new Promise((r) => (this.resolveExited = r));
    // The runner gets no host environment (API keys, tokens): the launch sets what it needs.
    this.child = spawn(opts.launch.command, opts.launch.args, opts.launch.options);
    this.startTimer = setTimeout(() => this.kill('start-timeout'), opts.startTimeoutMs);
    this.pipeOutput(this.child.stdout, 'stdout');
    this.pipeOutput(this.child.stderr, 'stderr');
    const channel = this.child.stdio[3] as (Readable & Writable) | null | undefined;
    this.channel = channel ?? undefined;
    if (channel) this.readChannel(channel);
    this.child.on('error', (err) => {
      // Spawn failures; 'exit' follows a failed spawn only sometimes.
      opts.logger.warn(`sandbox runner ${this.child.pid ?? '(not started)'}: ${err.message}`);
      if (this.child.pid === undefined) this.finish({ code: null, signal: null });
    });
    this.child.on('exit', (code, signal) => {
      this.exitFacts = { code, signal };
      // 'close' (all output read) normally follows at once; don't wait forever for it.
      this.exitFallback = setTimeout(() => this.finish(this.exitFacts!), 500);
    });
    this.child.on('close', (code, signal) => this.finish(this.exitFacts ?? { code, signal }));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** What the runner wrote to stderr last (why it failed to start, say). */
  get lastStderr(): string {
    return this.stderrTail;
  }

  /**
   * The runner said it is ready: its memory cap applies from now, on top of its size now
   * (measured here when the main process enforces it: a runner's own figure is not trusted).
   */
  ready(reportedRss: number): void {
    this.baselineRss = reportedRss;
    if (!this.opts.watchMemory || this.pid === undefined || this.memory) return;
    try {
      this.memory = watchMemory(this.pid);
    } catch {
      return; // it is gone already; its exit says why
    }
    this.baselineRss = this.memory.rss() || reportedRss;
    this.memory.arm(this.baselineRss + this.opts.memoryCapMb * 1024 * 1024, (rss) => {
      this.memoryRss = rss;
      this.kill('memory');
    });
  }

  /** Killed (or being killed): whatever it still sends must not complete a job. */
  get dying(): boolean {
    return this.killReason !== undefined || this.finished;
  }

  /** Sends a message; returns the error when it cannot be serialized (the caller's data). */
  send(msg: ParentMessage): Error | undefined {
    if (!this.channel || this.channel.destroyed || this.finished) return undefined; // dying: its exit reports to the pool
    let frame: Buffer;
    try {
      frame = encodeFrame(msg);
    } catch (err) {
      return err as Error;
    }
    this.channel.write(frame);
    return undefined;
  }

  /** Kills the runner for something it sent; its job fails with a RunnerProtocolError. */
  protocolError(problem: string): void {
    if (this.dying) return;
    this.protocolProblem = problem;
    this.opts.logger.warn(`sandbox runner ${this.pid ?? ''} sent a malformed message and is stopped: ${problem}`);
    this.kill('protocol');
  }

  private readChannel(channel: Readable): void {
    const reader = new FrameReader();
    channel.on('data', (chunk: Buffer) => {
      if (this.dying) return; // what a runner sends after its kill decides nothing
      try {
        for (const msg of reader.push(chunk)) {
          if (this.dying) return;
          if (this.state === 'starting' && (msg as { type?: unknown } | null)?.type === 'ready') clearTimeout(this.startTimer);
          this.opts.onMessage(this, msg);
        }
      } catch (err) {
        this.protocolError((err as Error).message);
      }
    });
    // EPIPE and resets when the runner dies: its 'exit' tells the pool.
    channel.on('error', () => {});
  }

  /** SIGKILL: the only signal a runner stuck in a loop or a native call cannot ignore. */
  kill(reason: KillReason): void {
    this.killReason ??= reason;
    if (!this.finished) this.child.kill('SIGKILL');
  }

  private finish(facts: { code: number | null; signal: NodeJS.Signals | null }): void {
    if (this.finished) return;
    this.finished = true;
    this.state = 'dead';
    this.memory?.stop();
    clearTimeout(this.startTimer);
    clearTimeout(this.exitFallback);
    const error = exitError({
      ...facts,
      killReason: this.killReason,
      memoryMarker: this.memoryMarker,
      heapLimitReached: this.heapLimitReached,
      memoryRss: this.memoryRss,
      protocolProblem: this.protocolProblem,
      stderrTail: this.stderrTail,
      memoryCapMb: this.opts.memoryCapMb,
    });
    this.resolveExited();
    this.opts.onExit(this, error, this.killReason);
  }

  private pipeOutput(stream: Readable | null, name: 'stdout' | 'stderr'): void {
    if (!stream) return;
    stream.setEncoding('utf8');
    let partial = '';
    stream.on('data', (chunk: string) => {
      if (name === 'stderr') this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.outputLine(name, line);
    });
    stream.on('end', () => partial && this.outputLine(name, partial));
  }

  private outputLine(name: string, line: string): void {
    if (line.includes(MEMORY_CAP_MARKER)) this.memoryMarker = line;
    if (isHeapLimitLine(line)) this.heapLimitReached = true;
    if (line.trim() === '') return;
    this.loggedLines++;
    if (this.loggedLines <= MAX_LOGGED_LINES) this.opts.logger.warn(`sandbox runner ${this.pid} ${name}: ${line.slice(0, 500)}`);
    else if (this.loggedLines === MAX_LOGGED_LINES + 1) this.opts.logger.warn(`sandbox runner ${this.pid}: further output not logged`);
  }
}
