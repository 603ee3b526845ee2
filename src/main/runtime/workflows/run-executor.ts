import { randomToken } from '../../../shared/ids';
import type { LogLine, StepRun, WorkflowRun } from '../../../shared/resources';
import type { Paths } from '../../config/paths';
import type { Logger } from '../../logger';
import type { PausedRecord } from '../../domain/flow';
import type { FlowUrls, PauseRequest, SerializedError } from '../../domain/invocations';
import type { Sandbox } from '../../domain/sandbox';
import type { TriggerInput } from '../../domain/triggers';
import type { PropDescriptor } from '../../domain/components';
import type { Clock } from '../../scheduler/clock';
import type { ComponentDoc, StepDoc, WorkflowDoc } from '../../store/document-types';
import { noteOf, skippedStep, stepError } from './step-run-parts';
import type { DocumentStore } from '../../store/documents';
import type { EventLog } from '../../engine/ports/event-log';
import type { Destinations } from './destinations';
import { HostedLimitWatch } from './hosted-limits';
import { continueFrom, pausedRecord } from './run-pause';
import { freshRun, PLATFORM_VERSION } from './run-start';
import { attemptExports, retries, retryDelayMs } from './run-retry';
import type { ErrorsChannel } from './errors-channel';
import type { Accounts } from '../accounts';
import type { EnvVars } from '../env-vars';
import type { DataStoreProps } from '../../engine/ports/data-stores';
import type { Secrets } from '../secrets';
import { SecretScrubber } from '../secret-scrubber';
import { commitInvocation } from '../../engine/invocation/commit';
import { invokeRequest } from '../../engine/invocation/request';
import { stepValues } from '../../engine/invocation/step-values';
import { stepProps } from '../../engine/props/dynamic-props';
import { withoutRunnelAnswerCookies } from '../http-answer-cookies';
import { PYTHON_RUNTIME } from '../../../shared/api';

export { PLATFORM_VERSION };
export type { TriggerInput };

/** Default deadlines of the hosted service: 60 s for timers, 30 s otherwise. */
export function workflowTimeoutMs(wf: WorkflowDoc): number {
  return (wf.timeout_seconds ?? (wf.trigger.type === 'timer' ? 60 : 30)) * 1000;
}

export interface RunExecutorDeps {
  docs: DocumentStore;
  events: EventLog;
  sandbox: Sandbox;
  /** Runs Python steps (a pool of Python runners, sandbox/python-host/); none: they fail with a clear error. */
  python?: Sandbox;
  clock: Clock;
  logger: Logger;
  paths: Paths;
  destinations: Destinations;
  errors: ErrorsChannel;
  secrets: Secrets;
  accounts: Accounts;
  /** Checks a step's `data_store` props (the service's stores, or runnel/testing's). */
  dataStores: DataStoreProps;
  env: EnvVars;
  timeoutMs(wf: WorkflowDoc): number;
  /** The public URL of a resume or cancel token; without it, steps cannot pause runs. */
  flowUrl?(token: string, action: 'resume' | 'cancel'): string;
  /** Called as the run changes, so readers can see a run in progress. */
  onProgress?(run: WorkflowRun): void;
}

/**
 * Runs a workflow's steps in order for one trigger event: evaluates each step's props against
 * earlier steps, runs it in the sandbox, carries out its `$.send` destinations, and stops at
 * the first error (recorded on `$errors`) or `$.flow.exit`. A step that calls `$.flow.delay` /
 * `suspend` / `rerun` pauses the run at its end; the run goes on later from what was stored.
 */
export class RunExecutor {
  private readonly scrubber: SecretScrubber;

  constructor(private readonly deps: RunExecutorDeps) {
    this.scrubber = new SecretScrubber(deps.secrets, deps.accounts, () => deps.env.secretTexts());
  }

  async execute(wf: WorkflowDoc, input: TriggerInput): Promise<WorkflowRun> {
    return (await this.leg(wf, input)).run;
  }

  /**
   * Runs the workflow for one trigger, or carries a paused run on (`input.continuation`), up to
   * its end or its next pause: then `paused` is what to store to carry it on later. Each leg has
   * its own deadline (time paused does not count).
   */
  async leg(wf: WorkflowDoc, input: TriggerInput): Promise<{ run: WorkflowRun; paused?: PausedRecord }> {
    const realStart = this.deps.clock.now();
    // The leg's time on the workflow's virtual clock (what pause times are counted on).
    const virtualStart = input.at ?? realStart + (wf.clock_offset_ms ?? 0);
    const virtualNow = () => virtualStart + (this.deps.clock.now() - realStart);
    const deadline = realStart + this.deps.timeoutMs(wf);
    // A run's own times (started_at, context.ts, ended_at) are on that clock too, so that they
    // agree with its pauses and its timer's firing; without an advance it is the real clock.
    const start = input.continuation ? continueFrom(wf, input.continuation) : freshRun(wf, input, virtualStart, this.deps.docs.data.user!.id);
    if ('done' in start) return { run: this.finish(wf, start.done, virtualNow()) };
    const { run, scope } = start;
    const context = run.trigger.context;
    context.deadline = deadline;
    let responded = false;
    const limits = new HostedLimitWatch(wf, input, this.deps.docs.data.settings.memory_cap_mb);
    this.deps.onProgress?.(run);

    for (let i = start.from; i < wf.steps.length; i++) {
      const step = wf.steps[i];
      if (step.disabled) {
        run.steps.push(skippedStep(step));
        continue;
      }
      const attempt = i === start.from ? start.attempt : { runs: 1 };
      context.run = attempt;
      const tokens = { resume: randomToken(32), cancel: randomToken(32) };
      const urls = this.deps.flowUrl ? { resume_url: this.deps.flowUrl(tokens.resume, 'resume'), cancel_url: this.deps.flowUrl(tokens.cancel, 'cancel') } : undefined;
      const result = await this.runStep(wf, step, scope, context, deadline, input, responded, urls);
      limits.afterStep(result.step, this.deps.clock.now());
      run.steps.push(result.step);
      responded ||= result.responded;
      this.deps.onProgress?.(run);
      if (result.step.status === 'error') {
        const runs = attempt.runs as number;
        if (urls && wf.auto_retry && retries(result.error!, runs)) {
          // Auto-retry: the run pauses and this step runs again later (as a rerun does).
          if (runs === 1 && wf.notify_first_error) await this.deps.errors.record(wf, run, step, result.error!, start.hops);
          const request = { kind: 'retry' as const, ms: retryDelayMs(runs) };
          const pausedAt = virtualNow();
          const { $attempt, $summary } = attemptExports(result.error!, runs, pausedAt + request.ms, urls);
          Object.assign(result.step, { exports: { ...result.step.exports, $attempt, $summary }, summary: $summary });
          const paused = pausedRecord({ run, scope, stepId: step.id, stepName: step.name, request, runs, hops: start.hops, tokens, urls, pausedAt });
          this.deps.onProgress?.(run);
          return { run, paused };
        }
        run.status = 'error';
        await this.deps.errors.record(wf, run, step, result.error!, start.hops);
        break;
      }
      if (result.step.status === 'exited') {
        run.status = 'exited';
        run.exit_reason = result.exitReason ?? '';
        break;
      }
      scope[step.name] = { $return_value: result.step.$return_value, ...result.step.exports };
      const pause = result.pause;
      const runs = attempt.runs as number;
      // Past maxRetries a rerun is ignored: the workflow goes on with the next step.
      if (urls && pause && !(pause.kind === 'rerun' && runs > pause.maxRetries)) {
        const paused = pausedRecord({ run, scope, stepId: step.id, stepName: step.name, request: pause, runs, hops: start.hops, tokens, urls, pausedAt: virtualNow() });
        this.deps.onProgress?.(run);
        return { run, paused };
      }
    }
    return { run: this.finish(wf, run, virtualNow()) };
  }

  /** Ends the run: the steps it did not reach are skipped. */
  private finish(wf: WorkflowDoc, run: WorkflowRun, endedAt: number): WorkflowRun {
    if (run.status === 'running') run.status = 'success';
    const reached = new Set(run.steps.map((s) => s.id));
    for (const s of wf.steps) {
      if (!reached.has(s.id)) run.steps.push(skippedStep(s));
    }
    run.ended_at = endedAt;
    run.duration_ms = run.ended_at - run.started_at;
    this.deps.onProgress?.(run);
    return run;
  }

  /** The `steps.trigger.context` of a step test: a run's context that no run record holds (step-tests.ts). */
  testContext(wf: WorkflowDoc, event: unknown): Record<string, unknown> {
    const { run } = freshRun(wf, { event, sourceType: 'manual', hops: 0 }, this.deps.clock.now(), this.deps.docs.data.user!.id);
    return { ...run.trigger.context, test: true };
  }

  /** Runs one step in a run, or alone as a step test (`test`: no `$.respond` nor `$.send` goes out; logs say so). */
  async runStep(
    wf: WorkflowDoc,
    step: StepDoc,
    scope: Record<string, unknown>,
    context: Record<string, unknown>,
    deadline: number,
    input: TriggerInput,
    responded: boolean,
    flow: FlowUrls | undefined,
    test = false,
  ): Promise<{ step: StepRun; error?: SerializedError; exitReason?: string; responded: boolean; pause?: PauseRequest }> {
    const t0 = this.deps.clock.now();
    const logs: LogLine[] = [];
    // The step's log lines, exports and error never show its secret props or its accounts'
    // credentials: the run record, the $errors event, the e-mail notice and every SSE frame
    // are built from what passed this scrub.
    const scrub = this.scrubber.of(step.configured_props);
    const fail = (raw: SerializedError) => {
      const error = scrub.error(raw);
      return {
        step: { id: step.id, name: step.name, status: 'error' as const, exports: {}, summary: null, logs, duration_ms: this.deps.clock.now() - t0, error: stepError(error) },
        error,
        responded: false,
      };
    };
    const comp = this.deps.docs.component(step.component_id);
    if (step.unresolved) return fail({ name: 'ConfigurationError', message: `Step "${step.name}" is unresolved: ${step.unresolved}` });
    if (!comp) return fail({ name: 'ConfigurationError', message: `The component of step "${step.name}" is missing` });
    const env = this.deps.env.values();
    let values: Awaited<ReturnType<typeof stepValues>>;
    try {
      const resolvers = {
        app: (p: PropDescriptor, v: unknown) => this.deps.accounts.configure(p, v),
        dataStore: (p: PropDescriptor, v: unknown) => this.deps.dataStores.configure(p, v),
        auth: (_p: PropDescriptor, v: unknown) => this.deps.accounts.authOf(v),
      };
      values = await stepValues(this.deps.sandbox, stepProps(comp, step), this.deps.secrets.reveal(step.configured_props), scope, step.name, resolvers, env);
    } catch (err) {
      return fail({ name: 'ConfigurationError', message: err instanceof Error ? err.message : String(err) });
    }
    const remaining = deadline - this.deps.clock.now();
    if (remaining <= 0) return fail({ name: 'TimeoutError', message: `The workflow ran past its ${Math.round(this.deps.timeoutMs(wf) / 1000)} s deadline` });

    const python = comp.runtime === PYTHON_RUNTIME;
    const sandbox = python ? this.deps.python : this.deps.sandbox;
    if (!sandbox) return fail({ name: 'ConfigurationError', message: 'Runnel: this service runs no Python runners; Python steps need the full service (runnel serve)' });
    // Who hears $.respond: the HTTP caller waiting (onRespond), or no one — a step test, or a run
    // of an HTTP or e-mail workflow started without its request (by hand, a replay): the answer
    // is logged. A run going on after a pause cannot answer (its caller has gone, as hosted).
    const noCaller = test || (!input.onRespond && !input.continuation && ['http', 'email'].includes(wf.trigger.type));
    const outcome = await sandbox.invoke(
      invokeRequest(
        { code: comp.compiled, codeHash: comp.code_hash, instanceId: step.id, scratchDir: this.deps.paths.scratch(wf.id), timeoutMs: remaining, env },
        'run',
        { ...values, db: this.deps.events.db(step.id) },
        { step: { steps: scope, context, canRespond: test || (!responded && (noCaller || !!input.onRespond)), ...(flow ? { flow } : {}) } },
      ),
      {
        onLog: (stream, line, ts) => logs.push({ ts, stream, line: scrub.text(line) }),
        onRespond: (response) =>
          noCaller
            ? logs.push(noteOf(this.deps.clock.now(), `${test ? 'test: ' : ''}$.respond answered ${response.status}; ${test ? 'a test' : input.replayOf ? 'a replay' : 'a run by hand'} has no HTTP caller, so nothing was sent`))
            : input.onRespond?.(withoutRunnelAnswerCookies(response, (line) => logs.push(noteOf(this.deps.clock.now(), line)))),
      },
    );
    if (!outcome.killed && (Object.keys(outcome.db.set).length || outcome.db.del.length)) {
      // A step emits nothing of its own ($.send.emit is a send): only its db changes are committed.
      await commitInvocation(this.deps.events, step.id, null, { emits: [], db: outcome.db }, { onRefused: () => {} });
    }
    const result = outcome.step;
    if (test) {
      for (const send of result?.sends ?? []) logs.push(noteOf(this.deps.clock.now(), `test: $.send.${send.kind} was not carried out: a step test sends nothing`));
    } else if (result?.sends.length && outcome.ok) {
      const failures = await this.deps.destinations.carryOut(wf, step, result.sends, input.hops);
      for (const f of failures) logs.push(noteOf(this.deps.clock.now(), f));
    }
    if (!outcome.ok) return { ...fail(outcome.error ?? { name: 'Error', message: 'The step failed' }), responded: !!result?.responded };
    return {
      step: {
        id: step.id,
        name: step.name,
        status: result?.exit ? 'exited' : 'success',
        ...(outcome.value !== undefined ? { $return_value: outcome.value } : {}),
        exports: scrub.value(result?.exports ?? {}),
        summary: typeof result?.summary === 'string' ? scrub.text(result.summary) : null,
        logs,
        duration_ms: this.deps.clock.now() - t0,
        error: null,
      },
      exitReason: result?.exit?.reason,
      responded: !!result?.responded,
      // An exit ends the run: a pause asked for in the same step does not apply.
      ...(result?.pause && !result.exit ? { pause: result.pause } : {}),
    };
  }
}

export type { ComponentDoc };
