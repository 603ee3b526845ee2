// The sandbox as the runtime uses it: a small pool of runner processes, one job at a time
// each. Jobs wait FIFO for a runner; a deadline or the memory watchdog kills the runner (never
// just the job: a stuck synchronous loop cannot be interrupted any other way), the job reports
// why, and a fresh runner is started the next time one is needed. After a job a runner is
// "settling" until it confirms it is idle (`idle`); only the same instance's next job may go to
// it before that, and one that does not confirm within `idleGraceMs` is replaced, the
// component that ran last on it blamed in its own log.
import type { ComponentMeta } from '../../domain/components';
import type { ConfigureCall, ConfigureResult, Sandbox } from '../../domain/sandbox';
import type { InvokeCallbacks, InvokeOutcome, InterfaceValue, InvokeRequest, SerializedError } from '../../domain/invocations';
import type { KillReason } from './exit-cause';
import { accepts, cacheKeyOf, CONFIGURE_TIMEOUT_MS, configureJob, INSPECT_TIMEOUT_MS, inspectJob, invokeJob, shutdownError, timeoutError, type Job } from './jobs';
import { checkRunnerMessage, ProtocolViolation } from './validate/runner-message';
import { RunnerProcess } from './runner-process';
import { RunnerLauncher } from './os-wall/runner-launch';
import type { SandboxLayers } from '../../../shared/resources';
import { routeDataStoreCall } from './data-store-calls';
import { IDLE_GRACE_MS, type RunnerPoolOptions } from './pool-options';
import { noteCached, pickRunner, rememberRecent, type Slot } from './runner-slots';

export type { RunnerPoolOptions } from './pool-options';

export class RunnerPool implements Sandbox {
  private readonly runners = new Map<RunnerProcess, Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private disposed = false;
  private readonly maxRunners: number;
  private readonly idleMs: number;
  private readonly idleGraceMs: number;
  private readonly launcher: RunnerLauncher;

  constructor(private readonly opts: RunnerPoolOptions) {
    this.maxRunners = Math.max(1, opts.maxRunners ?? 4);
    this.idleMs = opts.idleMs ?? 30_000;
    this.idleGraceMs = opts.idleGraceMs ?? IDLE_GRACE_MS;
    this.launcher = new RunnerLauncher({
      ...{ entry: opts.runnerEntry, scratchRoot: opts.scratchRoot, osWall: opts.osWall, memoryWatchdog: opts.memoryWatchdog, logger: opts.logger },
      ...{ packages: opts.runnerPackages, scratch: opts.scratchAccess },
    });
  }

  /** The walls runners start with now (GET /v1/system). */
  get layers(): SandboxLayers {
    return this.launcher.layers;
  }

  /** Built once: a per-call arrow would keep the call's request alive in what an ended job keeps. */
  private readonly logCallbackError = (msg: string, err: unknown): void => this.opts.logger.error(msg, err);

  invoke(request: InvokeRequest, callbacks: InvokeCallbacks = {}): Promise<InvokeOutcome> {
    return new Promise((resolve) => {
      const job = invokeJob(this.nextId++, request, callbacks, resolve, this.logCallbackError);
      if (this.disposed) return job.fail(shutdownError());
      this.queue.push(job);
      this.pump();
    });
  }

  inspect(code: string, codeHash: string): Promise<ComponentMeta> {
    return new Promise((resolve, reject) => {
      const job = inspectJob(this.nextId++, code, codeHash, this.opts.inspectTimeoutMs ?? INSPECT_TIMEOUT_MS, resolve, reject);
      if (this.disposed) return job.fail(shutdownError());
      this.queue.push(job);
      this.pump();
    });
  }

  configure(code: string, codeHash: string, call: ConfigureCall, props: Record<string, unknown>, interfaces?: Record<string, InterfaceValue>): Promise<ConfigureResult> {
    return new Promise((resolve, reject) => {
      const timeoutMs = this.opts.configureTimeoutMs ?? CONFIGURE_TIMEOUT_MS;
      const job = configureJob(this.nextId++, code, codeHash, call, props, timeoutMs, resolve, reject, interfaces);
      if (this.disposed) return job.fail(shutdownError());
      this.queue.push(job);
      this.pump();
    });
  }

  forget(instanceId: string): void {
    const prefix = cacheKeyOf(instanceId, '');
    for (const runner of this.runners.keys()) {
      for (const key of runner.cached) if (key.startsWith(prefix)) runner.cached.delete(key);
      if (runner.state !== 'starting') runner.send({ type: 'forget', instanceId });
    }
  }

  /** Kills every runner; resolves once all have exited. Pending jobs report a shutdown. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const job of this.queue.splice(0)) job.fail(shutdownError());
    const exits: Promise<void>[] = [];
    for (const [runner, slot] of this.runners) {
      clearTimeout(slot.idleTimer);
      clearTimeout(slot.deadline);
      clearTimeout(slot.settling?.grace);
      runner.kill('dispose');
      exits.push(runner.exited);
    }
    await Promise.all(exits);
  }

  /** Stops the runners that are idle now (after start-up work), instead of waiting for idleMs. */
  reapIdle(): void {
    for (const [runner, slot] of this.runners) {
      // A settling runner is as good as idle: nothing is waiting on it but its confirmation.
      if (runner.state !== 'idle' && runner.state !== 'settling') continue;
      clearTimeout(slot.idleTimer);
      clearTimeout(slot.settling?.grace);
      runner.state = 'dead'; // not picked again while it exits
      runner.kill('idle');
    }
  }

  /** Live runner processes (for diagnostics and tests). */
  get pids(): number[] {
    return [...this.runners.keys()].map((r) => r.pid).filter((p): p is number => p !== undefined);
  }

  private pump(): void {
    if (this.disposed) return;
    while (this.queue.length > 0) {
      const runner = pickRunner(this.runners, this.queue[0]);
      if (!runner) break;
      this.dispatch(this.queue.shift()!, runner);
    }
    const starting = [...this.runners.keys()].filter((r) => r.state === 'starting').length;
    let wanted = Math.min(this.queue.length - starting, this.maxRunners - this.runners.size);
    while (wanted-- > 0) this.spawn();
  }

  private spawn(): void {
    let runner: RunnerProcess;
    try {
      const memoryCapMb = typeof this.opts.memoryCapMb === 'function' ? this.opts.memoryCapMb() : (this.opts.memoryCapMb ?? 256);
      runner = new RunnerProcess({
        launch: this.launcher.launch(memoryCapMb),
        memoryCapMb,
        watchMemory: this.launcher.watchesMemory,
        logger: this.opts.logger,
        startTimeoutMs: this.opts.startTimeoutMs ?? 15_000,
        onMessage: (r, msg) => this.onMessage(r, msg),
        onExit: (r, error, reason) => this.onExit(r, error, reason),
      });
    } catch (err) {
      // fork() itself failed (out of processes or file descriptors): nothing to wait for.
      this.opts.logger.error('could not start a sandbox runner', err);
      this.queue.shift()?.fail({ name: 'RunnerCrashed', message: `The sandbox runner could not start (${(err as Error).message})` });
      return;
    }
    this.runners.set(runner, { recent: new Map(), lastJobId: 0 });
  }

  private dispatch(job: Job, runner: RunnerProcess): void {
    const slot = this.runners.get(runner)!;
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.settling?.grace);
    slot.settling = undefined;
    runner.state = 'busy';
    slot.job = job;
    slot.lastJobId = job.id;
    if (job.cacheKey) noteCached(runner, job.cacheKey);
    slot.deadline = setTimeout(() => runner.kill('timeout'), job.timeoutMs);
    const err = runner.send(job.message);
    if (err) {
      clearTimeout(slot.deadline);
      slot.job = undefined;
      job.fail({ name: 'Error', message: `The request could not be sent to the sandbox: ${err.message}` });
      this.becomeIdle(runner, slot);
    }
  }

  /**
   * A decoded message from `runner`: checked field by field (validate/), then against what the
   * runner is running. Throwing a ProtocolViolation kills the runner (runner-process.ts).
   */
  private onMessage(runner: RunnerProcess, raw: unknown): void {
    const slot = this.runners.get(runner);
    // A result racing the deadline's SIGKILL loses: the job reports the timeout, consistently.
    if (!slot || runner.dying) return;
    const job = slot.job;
    const msg = checkRunnerMessage(raw, job);
    if (msg.type === 'ready') {
      if (runner.state !== 'starting') throw new ProtocolViolation('"ready" from a runner that had started');
      runner.ready(msg.baselineRss);
      this.becomeIdle(runner, slot);
      return;
    }
    if (runner.state === 'starting') throw new ProtocolViolation(`a "${msg.type}" message before "ready"`);
    if (msg.id > slot.lastJobId) throw new ProtocolViolation(`a "${msg.type}" message for job ${msg.id}, which this runner was never given`);
    if (msg.type === 'ds') return routeDataStoreCall(this.opts.dataStores, job, msg, (answer) => runner.send(answer));
    if (msg.type === 'idle') {
      // For the job that ended last; an older one's (the next job came first) changes nothing.
      if (runner.state === 'settling' && slot.settling?.job.id === msg.id) this.becomeIdle(runner, slot);
      return;
    }
    if (job && job.id === msg.id) {
      if (!accepts(job, msg.type)) throw new ProtocolViolation(`a "${msg.type}" message for a job of kind ${job.kind}`);
      if (msg.type === 'items' && msg.items.length > 0) {
        // Each invocation of a batch gets the whole deadline.
        clearTimeout(slot.deadline);
        slot.deadline = setTimeout(() => runner.kill('timeout'), job.timeoutMs);
      }
      if (!job.onMessage(msg)) return;
      clearTimeout(slot.deadline);
      slot.job = undefined;
      rememberRecent(slot, job);
      this.settle(runner, slot, job);
      return;
    }
    // Output of a finished invocation (leftover work): still that invocation's log.
    if (msg.type === 'log' || msg.type === 'respond') {
      slot.recent.get(msg.id)?.deliver(msg);
      return;
    }
    throw new ProtocolViolation(`a "${msg.type}" message for job ${msg.id}, which this runner is not running`);
  }

  /** The job ended: the runner is given no other instance's job until it confirms it is idle. */
  private settle(runner: RunnerProcess, slot: Slot, job: Job): void {
    runner.state = 'settling';
    // Checked one turn after the timer fires, so that a confirmation already read from the
    // pipe (the main process was busy) counts.
    const grace = setTimeout(() => setImmediate(() => this.graceOver(runner, slot, job)), this.idleGraceMs);
    slot.settling = { job, instanceId: job.instanceId, grace };
    this.pump();
  }

  private graceOver(runner: RunnerProcess, slot: Slot, job: Job): void {
    if (runner.state !== 'settling' || slot.settling?.job !== job) return;
    job.lateLog?.(`[runnel] the component kept its runner busy after its run ended; the runner was replaced (leftover work: a promise chain, a callback or a loop still running after ${job.kind === 'invoke' ? 'run()' : 'the call'} returned)`);
    this.opts.logger.warn(`sandbox runner ${runner.pid ?? ''} was still busy ${this.idleGraceMs} ms after job ${job.id} ended; replacing it`);
    runner.kill('leftover');
  }

  private becomeIdle(runner: RunnerProcess, slot: Slot): void {
    clearTimeout(slot.settling?.grace);
    slot.settling = undefined;
    runner.state = 'idle';
    runner.idleSince = Date.now();
    slot.idleTimer = setTimeout(() => {
      if (runner.state !== 'idle') return;
      runner.state = 'dead'; // not picked again while it exits
      runner.kill('idle');
    }, this.idleMs);
    slot.idleTimer.unref();
    this.pump();
  }

  private onExit(runner: RunnerProcess, error: SerializedError, reason: KillReason | undefined): void {
    const slot = this.runners.get(runner);
    this.runners.delete(runner);
    if (!slot) return;
    clearTimeout(slot.deadline);
    clearTimeout(slot.idleTimer);
    clearTimeout(slot.settling?.grace);
    const job = slot.job;
    if (job) {
      job.fail(reason === 'timeout' ? timeoutError(job) : error);
    } else if (reason === 'protocol') {
      // Between jobs, only leftover work of the job that ended last can have written.
      [...slot.recent.values()].pop()?.lateLog?.(`[runnel] ${error.name}: ${error.message}`);
    } else if (reason === undefined || reason === 'start-timeout') {
      this.opts.logger.warn(`sandbox runner ${runner.pid ?? ''} exited while idle: ${error.message}`);
      // A layer of the OS wall this platform refuses: the next runner starts without it.
      if (runner.baselineRss === 0 && this.launcher.fallBack(runner.lastStderr)) return this.pump();
      // A runner that cannot start would otherwise be respawned forever for the same queue:
      // the oldest waiting job takes the failure instead.
      if (runner.baselineRss === 0) this.queue.shift()?.fail({ name: 'RunnerCrashed', message: `The sandbox runner could not start (${error.message})` });
    }
    this.pump();
  }
}
