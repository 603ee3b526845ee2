import { RunnelError } from '../../shared/errors';
import { LIMITS } from '../../shared/limits';
import type { LogLine } from '../../shared/resources';
import type { HookName, InvokeCallbacks, InvokeMethod, InvokeOutcome } from '../domain/invocations';
import type { ComponentDoc, SourceDoc } from '../store/document-types';
import type { KeptTrigger, StoredEvent } from '../engine/ports/event-log';
import { commitInvocation } from '../engine/invocation/commit';
import { applyDbChanges } from '../engine/ports/db-changes';
import { sourceInterfaces } from '../engine/invocation/interface-values';
import { invokeRequest } from '../engine/invocation/request';
import type { RunOutcome, RunRequest } from './source-runs';
import { SecretScrubber, type Scrub } from './secret-scrubber';
import type { Sandbox } from '../domain/sandbox';
import type { Paths } from '../config/paths';
import type { Clock } from '../scheduler/clock';
import type { DocumentStore } from '../store/documents';
import type { EventLog } from '../engine/ports/event-log';
import type { BoundedLists } from '../store/bounded-lists';
import type { EventBus } from './event-bus';
import type { Secrets } from './secrets';
import type { Accounts } from './accounts';
import type { EnvVars } from './env-vars';
import type { ErrorTally } from './error-tally';

export type { RunOutcome };

/** What one invocation of a source needs (the source runtime's deps include these). */
export interface SourceInvokerDeps {
  docs: DocumentStore;
  events: EventLog;
  logs: BoundedLists<LogLine>;
  sandbox: Sandbox;
  bus: EventBus;
  clock: Clock;
  paths: Paths;
  secrets: Secrets;
  accounts: Accounts;
  env: EnvVars;
  /** Counts failed runs, so lists can show a failing source as failing. */
  errors: ErrorTally;
  /** The public URL of a webhook token, built from the service's current address. */
  endpointUrl(token: string): string;
}

const EMPTY_DB = { set: {}, del: [] as string[] };
/** Longer console lines are cut, so one runaway print cannot bloat the logs. */
const MAX_LOG_LINE = LIMITS.logLineChars;

/**
 * One invocation of a source: builds what the sandbox needs, runs it, and commits the emits
 * and db changes of the invocation together (nothing when the runner was killed).
 */
export class SourceInvoker {
  private readonly scrubber: SecretScrubber;

  constructor(private readonly deps: SourceInvokerDeps) {
    this.scrubber = new SecretScrubber(deps.secrets, deps.accounts, () => deps.env.secretTexts());
  }

  timeoutMs(doc: SourceDoc): number {
    return (doc.timeout_seconds ?? this.deps.docs.data.settings.default_timeout_seconds) * 1000;
  }

  /** Runs `run(event)` and commits its outcome. */
  async invokeRun(doc: SourceDoc, comp: ComponentDoc, event: unknown, callbacks: InvokeCallbacks = {}): Promise<RunOutcome> {
    const [out] = await this.invokeRuns(doc, comp, [{ event, size: 0, onRespond: callbacks.onRespond }]);
    return out;
  }

  /**
   * Runs `run` once per request, in order, as one sandbox batch, committing each invocation's
   * outcome as it is reported. An invocation killed at its limit commits nothing; the ones
   * after it run again in a fresh batch. When the runner may have held back reports of
   * invocations that had finished (`blameUnknown`), the unreported ones run again, each
   * reported alone, to find the one that was stopped; none of them had been committed.
   */
  async invokeRuns(doc: SourceDoc, comp: ComponentDoc, reqs: RunRequest[], o: { reportEach?: boolean } = {}): Promise<RunOutcome[]> {
    // Once a commit of the batch has failed, the later runs fail too: each saw the db the
    // failed one left, so storing them would store changes on top of ones that were lost.
    let failure: { err: unknown } | undefined;
    const commitItem = async (outcome: InvokeOutcome, trigger: KeptTrigger | undefined): Promise<RunOutcome> => {
      if (failure) return { outcome, stored: [], deduped: 0, failed: failure.err };
      try {
        return { outcome, ...(await this.commit(doc, comp, outcome, trigger)) };
      } catch (err) {
        failure = { err };
        return { outcome, stored: [], deduped: 0, failed: err };
      }
    };
    if (!comp.has_run) {
      // A timer source without `run`: the platform emits the timer event itself (one write for all).
      return Promise.all(reqs.map((r) => commitItem({ ok: true, emits: [{ event: r.event }], db: EMPTY_DB, killed: false }, r.trigger)));
    }
    const outcomes: RunOutcome[] = new Array(reqs.length);
    // Invocations reported together (one read of the runner's pipe) are committed together, in
    // one journal write; groups are committed in order, one at a time.
    let reported: { index: number; outcome: InvokeOutcome }[] = [];
    let commits: Promise<void> = Promise.resolve();
    const commitReported = async () => {
      const group = reported;
      reported = [];
      const results = await Promise.all(group.map((g) => commitItem(g.outcome, reqs[g.index].trigger)));
      group.forEach((g, i) => (outcomes[g.index] = results[i]));
    };
    const single = reqs.length === 1;
    const whole = await this.execute(doc, comp, 'run', single ? reqs[0].event : undefined, this.deps.events.db(doc.id), {
      batch: single ? undefined : reqs.map((r) => r.event),
      reportEach: o.reportEach,
      onRespond: responders(reqs),
      onItem: (index, item) => {
        const outcome: InvokeOutcome = { ...item, killed: false };
        this.logFailure(doc.id, 'run', outcome);
        reported.push({ index, outcome });
        if (reported.length === 1) commits = commits.then(commitReported);
      },
    });
    await commits;
    if (single) {
      outcomes[0] = whole.killed ? { outcome: whole, stored: [], deduped: 0 } : await commitItem(whole, reqs[0].trigger);
      return outcomes;
    }
    const done = whole.completed ?? 0;
    if (whole.killed && done < reqs.length) {
      if (whole.blameUnknown && done + 1 < reqs.length) {
        // Some of the unreported ones may have finished: run them again, each reported alone.
        outcomes.splice(done, reqs.length, ...(await this.invokeRuns(doc, comp, reqs.slice(done), { reportEach: true })));
        return outcomes;
      }
      outcomes[done] = { outcome: whole, stored: [], deduped: 0 };
      if (done + 1 < reqs.length) outcomes.splice(done + 1, reqs.length, ...(await this.invokeRuns(doc, comp, reqs.slice(done + 1))));
    }
    // A batch that failed as a whole (the module would not load) fails each invocation.
    for (let i = 0; i < reqs.length; i++) outcomes[i] ??= { outcome: { ...whole, killed: true }, stored: [], deduped: 0 };
    return outcomes;
  }

  /**
   * Runs lifecycle hooks in order, each seeing the db left by the one before. Throws a 4xx
   * naming the hook if one fails; nothing is committed here (the caller commits on success).
   */
  async runHooks(doc: SourceDoc, comp: ComponentDoc, hooks: HookName[], db: Record<string, unknown>): Promise<InvokeOutcome[]> {
    const outcomes: InvokeOutcome[] = [];
    let current = db;
    for (const hook of hooks) {
      if (!comp.hooks.includes(hook)) continue;
      const o = await this.execute(doc, comp, hook, undefined, current);
      if (!o.ok) {
        const e = o.error;
        // A ConfigurationError says the configuration is wrong: a 400 with its own message.
        if (e?.name === 'ConfigurationError') throw new RunnelError('configuration_error', e.message, { hook });
        throw new RunnelError('hook_failed', `The ${hook}() hook failed: ${e?.name ?? 'Error'}: ${e?.message ?? 'unknown error'}`, {
          hook,
          error: e?.name,
        });
      }
      outcomes.push(o);
      current = applyDbChanges(current, o.db);
    }
    return outcomes;
  }

  async execute(
    doc: SourceDoc,
    comp: ComponentDoc,
    method: InvokeMethod,
    event: unknown,
    db: Record<string, unknown>,
    callbacks: InvokeCallbacks & { batch?: unknown[]; reportEach?: boolean } = {},
  ): Promise<InvokeOutcome> {
    // What the run hands back (log lines, its error) is scrubbed of the source's secrets here,
    // once, before anything logs, stores or answers it: the manual run's answer, a hook's 422,
    // the log and its SSE frames all show the same masked text.
    const scrub = this.scrubber.of(doc.props);
    const outcome = await this.deps.sandbox.invoke(
      invokeRequest(
        {
          code: comp.compiled,
          codeHash: comp.code_hash,
          instanceId: doc.id,
          scratchDir: this.deps.paths.scratch(doc.id),
          timeoutMs: this.timeoutMs(doc),
          env: this.deps.env.values(),
        },
        method,
        {
          props: this.componentProps(comp, doc),
          interfaces: sourceInterfaces(doc, (token) => this.deps.endpointUrl(token), doc.data_store_props ?? comp.props, doc.props),
          db,
        },
        callbacks.batch ? { batch: callbacks.batch, ...(callbacks.reportEach ? { reportEach: true } : {}) } : { event },
      ),
      {
        onLog: this.logTo(doc.id, scrub),
        onRespond: callbacks.onRespond,
        onItem: callbacks.onItem && ((index, item) => callbacks.onItem!(index, withScrubbedError(item, scrub))),
      },
    );
    const clean = withScrubbedError(outcome, scrub);
    // A batch killed without knowing which invocation was stopped is run again to find out; that run logs it.
    if (!clean.blameUnknown) this.logFailure(doc.id, method, clean);
    return clean;
  }

  private logFailure(id: string, method: InvokeMethod, outcome: { ok: boolean; error?: InvokeOutcome['error']; killed?: boolean }): void {
    if (outcome.ok || !outcome.error) return;
    if (method === 'run') this.deps.errors.record(id, this.deps.clock.now(), outcome.error);
    const where = method === 'run' ? '' : ` in ${method}()`;
    const detail = outcome.error.stack && !outcome.killed ? outcome.error.stack : `${outcome.error.name}: ${outcome.error.message}`;
    this.systemLog(id, `${outcome.error.name}${where}: ${outcome.error.message}`);
    if (detail.includes('\n')) this.log(id, { ts: this.deps.clock.now(), stream: 'stderr', line: detail });
  }

  /** Commits an invocation's outcome, with what started it (`trigger`) when that is kept. */
  commit(doc: SourceDoc, comp: ComponentDoc, outcome: InvokeOutcome, trigger?: KeptTrigger): Promise<{ stored: StoredEvent[]; deduped: number }> {
    return commitInvocation(
      this.deps.events,
      doc.id,
      comp.dedupe,
      outcome,
      {
        onRefused: (line) => this.systemLog(doc.id, line),
        publish: (stored) => this.deps.bus.publishEvents(doc.id, stored),
      },
      { trigger },
    );
  }

  /**
   * The log route of an invocation, built apart from the invocation's scope: the runner pool
   * keeps it after the run (for output of leftover timers), and it must not keep the batch.
   */
  private logTo(id: string, scrub: Scrub): NonNullable<InvokeCallbacks['onLog']> {
    return (stream, line, ts) => this.append(id, { ts, stream, line: scrub.text(line) });
  }

  systemLog(id: string, line: string): void {
    this.log(id, { ts: this.deps.clock.now(), stream: 'stderr', line: `[runnel] ${line}` });
  }

  private log(id: string, line: LogLine): void {
    // A component printing its own secret prop or account credentials must not put them in the logs.
    const props = this.deps.docs.source(id)?.props;
    this.append(id, props ? { ...line, line: this.scrubber.of(props).text(line.line) } : line);
  }

  /** Appends a line that is already scrubbed. */
  private append(id: string, line: LogLine): void {
    if (line.line.length > MAX_LOG_LINE) line = { ...line, line: `${line.line.slice(0, MAX_LOG_LINE)}… [${line.line.length - MAX_LOG_LINE} more characters]` };
    this.deps.logs.append(id, line);
    this.deps.bus.publishLog(id, line);
  }

  /** What the component sees as `this.<prop>`: secrets in clear, app props as `{ $auth }`. */
  private componentProps(comp: ComponentDoc, doc: SourceDoc): Record<string, unknown> {
    const values = this.deps.secrets.reveal(doc.props);
    for (const p of comp.props) if (p.type === 'app') values[p.name] = this.deps.accounts.authOf(values[p.name]);
    return values;
  }
}

/** Routes a batch's `respond` messages to their requests (holding only their respond callbacks). */
function responders(reqs: RunRequest[]): InvokeCallbacks['onRespond'] {
  const to = reqs.map((r) => r.onRespond);
  return (response, index) => to[index ?? 0]?.(response);
}

/** `o` with its error (if any) scrubbed. */
function withScrubbedError<O extends { error?: InvokeOutcome['error'] }>(o: O, scrub: Scrub): O {
  return o.error ? { ...o, error: scrub.error(o.error) } : o;
}
