import type { FeedFrame, LogLine, WorkflowRun } from '../../../shared/resources';
import { isoTime, type Output } from '../output';
import type { DevDeployment } from './deployer';

type Err = { write(s: string): unknown };

/**
 * What `runnel dev` prints: deployments, reloads and errors of the watch, interleaved with the
 * events, logs and runs of what it deployed. Human lines start with an ISO UTC time; `--json`
 * prints one object per line with a `type`.
 */
export class DevPrinter {
  /** Deployment ids → the name shown on their lines. */
  private readonly watched = new Map<string, string>();
  private readonly finishedRuns = new Set<string>();

  constructor(
    private readonly out: Output,
    private readonly err: Err = process.stderr,
    private readonly now: () => number = Date.now,
  ) {}

  ready(file: string, dep: DevDeployment): void {
    this.watched.set(dep.id, dep.name);
    const how = triggerHint(dep);
    this.out.record({ type: 'ready', ts: isoTime(this.now()), file, ...dep, trigger: how }, () => {
      const what = dep.kind === 'source' ? 'source' : 'action in a one-step workflow';
      const lines = [this.line('ready', dep.name, `${dep.reused ? 'reused' : 'deployed'} ${what} ${dep.id} from ${file}`)];
      if (dep.endpoint) lines.push(this.line('', dep.name, `endpoint ${dep.endpoint}`));
      lines.push(this.line('', dep.name, `trigger: ${how}`));
      return lines.join('\n');
    });
  }

  reloaded(file: string, dep: DevDeployment, ms: number): void {
    this.out.record({ type: 'reload', ts: isoTime(this.now()), file, id: dep.id, name: dep.name, ms }, () =>
      this.line('reload', dep.name, `${file} updated in place in ${ms} ms (same id ${dep.id})`),
    );
  }

  /** A save that failed was fixed back to the code already running: nothing was redeployed. */
  fixed(file: string, dep: DevDeployment): void {
    this.out.record({ type: 'fixed', ts: isoTime(this.now()), file, id: dep.id, name: dep.name }, () =>
      this.line('fixed', dep.name, `${file} builds again; it is the version already running (${dep.id})`),
    );
  }

  /** The watch is set up: saves from now on reload. */
  watching(count: number, what: string): void {
    this.out.record({ type: 'watching', ts: isoTime(this.now()), path: what, components: count }, () =>
      this.line('watch', '', `watching ${what} (${count} component${count === 1 ? '' : 's'}); save to reload, Ctrl-C to stop`),
    );
  }

  /** `--rm` deleted a deployment on exit. */
  deleted(dep: DevDeployment): void {
    this.out.record({ type: 'deleted', ts: isoTime(this.now()), id: dep.id, name: dep.name }, () => this.line('deleted', dep.name, dep.id));
  }

  /** Ctrl-C: what stays deployed. */
  stopped(left: DevDeployment[]): void {
    this.out.record({ type: 'stopped', ts: isoTime(this.now()), left_in_place: left.map((d) => d.id) }, () =>
      this.line('stop', '', left.length ? `stopped watching; left in place: ${left.map((d) => `${d.name} (${d.id})`).join(', ')}` : 'stopped watching'),
    );
  }

  /** A build or service error: the last good version keeps running. */
  error(file: string, message: string, kept: boolean): void {
    const value = { type: 'error', ts: isoTime(this.now()), file, message, kept_last_good: kept };
    if (this.out.json) this.out.record(value, () => '');
    else this.err.write(`${isoTime(this.now())}  ${this.out.color.red('error')}   ${message}${kept ? ' (the last good version keeps running)' : ''}\n`);
  }

  /** A component file that went away in folder mode. */
  removed(file: string, dep: DevDeployment | undefined): void {
    this.out.record({ type: 'removed', ts: isoTime(this.now()), file, id: dep?.id ?? null }, () =>
      this.line('removed', dep?.name ?? file, dep ? `${file} was deleted; ${dep.id} is left in place (runnel delete ${dep.name})` : `${file} was deleted`),
    );
  }

  stream(status: 'lost' | 'back'): void {
    this.out.record({ type: 'stream', ts: isoTime(this.now()), status }, () =>
      this.line('stream', '', status === 'lost' ? 'lost the connection to the service; reconnecting…' : 'connected again'),
    );
  }

  /** One frame of the account stream: printed when it concerns a watched deployment. */
  frame(f: FeedFrame): void {
    if (f.type === 'emit' && this.watched.has(f.emitter_id)) {
      const name = this.watched.get(f.emitter_id)!;
      const fr = f.frame;
      this.out.record({ type: 'emit', id: f.emitter_id, name, event: fr }, () =>
        this.line('emit', name, `${fr.name ? `[${fr.name}] ` : ''}${fr.sum ? `${fr.sum}  ` : ''}${compact(fr.e)}`, fr.ts),
      );
    } else if (f.type === 'log' && this.watched.has(f.source_id)) {
      this.logLine(f.source_id, this.watched.get(f.source_id)!, f.line);
    } else if (f.type === 'activity') {
      // npm package fetches: a save that adds an import can take a while, and this says why.
      this.out.record({ type: 'activity', ts: isoTime(f.ts), line: f.line }, () => this.line('npm', '', f.line, f.ts));
    } else if (f.type === 'run' && this.watched.has(f.workflow_id) && f.run.status !== 'running' && this.firstTimeDone(f.run.id)) {
      this.run(f.workflow_id, this.watched.get(f.workflow_id)!, f.run);
    }
  }

  /** The stream may tell of a finished run more than once; it is printed once. */
  private firstTimeDone(runId: string): boolean {
    if (this.finishedRuns.has(runId)) return false;
    this.finishedRuns.add(runId);
    if (this.finishedRuns.size > 1_000) this.finishedRuns.delete(this.finishedRuns.values().next().value!);
    return true;
  }

  private logLine(id: string, name: string, line: LogLine): void {
    this.out.record({ type: 'log', id, name, line }, () => this.line(line.stream === 'stderr' ? 'stderr' : 'log', name, line.line, line.ts));
  }

  private run(id: string, name: string, run: WorkflowRun): void {
    this.out.record({ type: 'run', id, name, run }, () => {
      const status = run.status === 'success' ? this.out.color.green(run.status) : this.out.color.red(run.status);
      const lines = [this.line('run', name, `${run.id} ${status}${run.exit_reason ? ` (${run.exit_reason})` : ''} in ${run.duration_ms ?? '?'} ms`, run.ended_at ?? run.started_at)];
      for (const step of run.steps) {
        for (const l of step.logs) lines.push(this.line(l.stream === 'stderr' ? 'stderr' : 'log', name, `${step.name}: ${l.line}`, l.ts));
        if (step.error) lines.push(this.line('', name, `${step.name}: ${this.out.color.red(`${step.error.code}: ${step.error.message}`)}`, run.ended_at ?? run.started_at));
        else if (step.status === 'success') lines.push(this.line('', name, `${step.name} → ${compact(step.$return_value)}`, run.ended_at ?? run.started_at));
        if (Object.keys(step.exports).length) lines.push(this.line('', name, `${step.name} exports ${compact(step.exports)}`, run.ended_at ?? run.started_at));
      }
      return lines.join('\n');
    });
  }

  private line(tag: string, name: string, text: string, ts: number = this.now()): string {
    const c = this.out.color;
    return `${c.dim(isoTime(ts))}  ${c.cyan(tag.padEnd(7))} ${name ? c.bold(name) + '  ' : ''}${text}`;
  }
}

/** How to set the deployment off by hand. */
export function triggerHint(dep: DevDeployment): string {
  if (dep.endpoint) return `curl -X POST -H 'content-type: application/json' -d '{"hello":"world"}' ${dep.endpoint}`;
  return `runnel run ${/^[\w.-]+$/.test(dep.name) ? dep.name : `'${dep.name.replace(/'/g, `'\\''`)}'`}`;
}

function compact(v: unknown): string {
  if (v === undefined) return 'undefined';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 500 ? s.slice(0, 500) + '…' : s;
}
