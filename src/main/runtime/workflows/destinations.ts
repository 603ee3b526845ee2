import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomToken } from '../../../shared/ids';
import type { OutboxMessage } from '../../../shared/resources';
import type { Paths } from '../../config/paths';
import type { EmitRecord, SendRecord } from '../../domain/invocations';
import { s3BucketProblem, s3PrefixProblem } from '../../sandbox/s3-names';
import type { Clock } from '../../scheduler/clock';
import type { BoundedLists } from '../../store/bounded-lists';
import type { StepDoc, WorkflowDoc } from '../../store/document-types';
import type { EventLog, StoredEvent } from '../../engine/ports/event-log';
import { commitInvocation } from '../../engine/invocation/commit';
import type { EventBus } from '../event-bus';

export const OWNER_ADDRESS = 'owner@localhost';
export const OUTBOX_KEY = 'outbox';
const HTTP_TIMEOUT_MS = 5_000;

export interface DestinationDeps {
  events: EventLog;
  bus: EventBus;
  outbox: BoundedLists<OutboxMessage>;
  paths: Paths;
  clock: Clock;
}

/**
 * Carries out a step's `$.send.*` calls after the step (NOTES): a real HTTP request, an e-mail
 * into the local outbox, a file under the local S3 folder, an event on the workflow's own
 * stream, or a message on its SSE stream. Resolves to one line per failure.
 */
export class Destinations {
  constructor(private readonly deps: DestinationDeps) {}

  async carryOut(wf: WorkflowDoc, step: StepDoc, sends: SendRecord[], hops: number): Promise<string[]> {
    const failures: string[] = [];
    for (const s of sends) {
      try {
        await this.one(wf, step, s, hops);
      } catch (err) {
        failures.push(`$.send.${s.kind} failed: ${(err as Error).message}`);
      }
    }
    return failures;
  }

  /**
   * Stores an event on a workflow's own channels (`$.send.emit`, `$errors`) through the one commit,
   * with no dedupe strategy (so nothing is refused), and publishes it once stored.
   */
  async emit(workflowId: string, emit: EmitRecord, hops: number): Promise<void> {
    const publish = (stored: StoredEvent[]) => this.deps.bus.publishEvents(workflowId, stored);
    await commitInvocation(this.deps.events, workflowId, null, { emits: [emit] }, { onRefused: () => {}, publish }, { hops });
  }

  private async one(wf: WorkflowDoc, step: StepDoc, s: SendRecord, hops: number): Promise<void> {
    switch (s.kind) {
      case 'http':
        return this.http(s);
      case 'email':
        this.email({ subject: s.subject, text: s.text, html: s.html, workflow_id: wf.id });
        return;
      case 's3':
        return this.s3(s);
      case 'emit':
        return this.emit(wf.id, { event: s.event, name: s.channel }, hops);
      case 'sse':
        this.deps.bus.publishSse(wf.id, { channel: s.channel, payload: s.payload });
        return;
    }
    void step;
  }

  /** Files a message in the owner's local outbox (GET /v1/outbox). */
  email(m: Omit<OutboxMessage, 'id' | 'ts' | 'to'>): void {
    this.deps.outbox.append(OUTBOX_KEY, { id: randomToken(16), ts: this.deps.clock.now(), to: OWNER_ADDRESS, ...m });
    this.deps.bus.publishFeed({ type: 'change', resource: 'outbox' });
  }

  private async http(s: Extract<SendRecord, { kind: 'http' }>): Promise<void> {
    const url = new URL(s.url);
    for (const [k, v] of Object.entries(s.params ?? {})) url.searchParams.append(k, v);
    const headers = new Headers(s.headers ?? {});
    if (s.auth) headers.set('authorization', `Basic ${Buffer.from(`${s.auth.username}:${s.auth.password}`).toString('base64')}`);
    let body: string | undefined;
    if (s.data !== undefined && s.method !== 'GET' && s.method !== 'HEAD') {
      body = typeof s.data === 'string' ? s.data : JSON.stringify(s.data);
      if (typeof s.data !== 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const res = await fetch(url, { method: s.method, headers, body, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${s.method} ${url.origin}${url.pathname} answered ${res.status}`);
  }

  private async s3(s: Extract<SendRecord, { kind: 's3' }>): Promise<void> {
    // The runner checked both names, and the sandbox validator again; a runner is not trusted,
    // so the names and the final path are checked here too, where the file is written.
    const problem = s3BucketProblem(s.bucket) ?? s3PrefixProblem(s.prefix);
    if (problem) throw new Error(problem);
    const root = resolve(this.deps.paths.dataDir, 's3');
    const bucketDir = resolve(root, s.bucket);
    const file = resolve(bucketDir, `${s.prefix}${new Date(this.deps.clock.now()).toISOString().replace(/[:.]/g, '-')}-${randomToken(8)}.json`);
    if (dirname(bucketDir) !== root || !file.startsWith(bucketDir + sep)) throw new Error('the bucket and prefix must name a file inside the bucket');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(s.payload));
  }
}
