// One runner child process as the pool sees it: spawn, ready handshake, messages, kill, and
// one `onExit` with the facts needed to say why it died.
import { fork, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { Logger } from '../../logger';
import type { ParentMessage, RunnerMessage } from '../protocol';
import { MEMORY_CAP_MARKER } from '../runner-markers';
import { exitError, isHeapLimitLine, type KillReason } from './exit-cause';
import type { SerializedError } from '../protocol';

export type RunnerState = 'starting' | 'idle' | 'busy' | 'dead';

export interface RunnerProcessOptions {
  entry: string;
  memoryCapMb: number;
  logger: Logger;
  startTimeoutMs: number;
  onMessage(runner: RunnerProcess, msg: RunnerMessage): void;
  /** Called once, after the process is gone and its stderr fully read. */
  onExit(runner: RunnerProcess, error: SerializedError, killReason: KillReason | undefined): void;
}

const STDERR_TAIL_CHARS = 8 * 1024;
/** Runner output is diagnostics for us, not component logs; past this it is only counted. */
const MAX_LOGGED_LINES = 50;

/**
 * The runner gets no host environment (API keys, tokens): only the memory cap and what keeps
 * dates, locales and (on Windows) networking behaving like the host's.
 */
function runnerEnv(memoryCapMb: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { RUNNEL_MEMORY_CAP_MB: String(memoryCapMb) };
  for (const k of ['TZ', 'LANG', 'LC_ALL', 'SystemRoot', 'SYSTEMROOT']) {
    if (process.env[k] !== undefined) env[k] = process.env[k];
  }
  // Under Electron, process.execPath is the app binary; this makes it behave as plain Node.
  if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  return env;
}

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
  private killReason?: KillReason;
  private stderrTail = '';
  private memoryMarker?: string;
  private heapLimitReached = false;
  private loggedLines = 0;
  private startTimer?: NodeJS.Timeout;
  private exitFallback?: NodeJS.Timeout;
  private exitFacts?: { code: number | null; signal: NodeJS.Signals | null };
  private finished = false;
  private resolveExited!: () => void;

  constructor(private readonly o: RunnerProcessOptions) {
    this.exited = new Promise((r) => (this.resolveExited = r));
    this.child = fork(o.entry, [], {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${o.memoryCapMb}`],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: runnerEnv(o.memoryCapMb),
    });
    this.startTimer = setTimeout(() => this.kill('start-timeout'), o.startTimeoutMs);
    this.pipeOutput(this.child.stdout, 'stdout');
    this.pipeOutput(this.child.stderr, 'stderr');
    this.child.on('message', (msg: RunnerMessage) => {
      if (msg.type === 'ready' && this.state === 'starting') {
        clearTimeout(this.startTimer);
        this.baselineRss = msg.baselineRss;
      }
      o.onMessage(this, msg);
    });
    this.child.on('error', (err) => {
      // Spawn failures and IPC errors; 'exit' follows a failed spawn only sometimes.
      o.logger.warn(`sandbox runner ${this.child.pid ?? '(not started)'}: ${err.message}`);
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

  /** Killed (or being killed): whatever it still sends must not complete a job. */
  get dying(): boolean {
    return this.killReason !== undefined || this.finished;
  }

  /** Sends a message; returns the error when it cannot be serialized (the caller's data). */
  send(msg: ParentMessage): Error | undefined {
    if (!this.child.connected) return undefined; // dying: its exit reports to the pool
    try {
      this.child.send(msg);
      return undefined;
    } catch (err) {
      return err as Error;
    }
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
    clearTimeout(this.startTimer);
    clearTimeout(this.exitFallback);
    const error = exitError({
      ...facts,
      killReason: this.killReason,
      memoryMarker: this.memoryMarker,
      heapLimitReached: this.heapLimitReached,
      stderrTail: this.stderrTail,
      memoryCapMb: this.o.memoryCapMb,
    });
    this.resolveExited();
    this.o.onExit(this, error, this.killReason);
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
    if (this.loggedLines <= MAX_LOGGED_LINES) this.o.logger.warn(`sandbox runner ${this.pid} ${name}: ${line.slice(0, 500)}`);
    else if (this.loggedLines === MAX_LOGGED_LINES + 1) this.o.logger.warn(`sandbox runner ${this.pid}: further output not logged`);
  }
}
