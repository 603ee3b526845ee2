// What Runnel adds to, or says about, the component API that @pipedream/types does not define
// (from docs/components.md, docs/data-stores.md and docs/http-request-prop.md). Kept apart from the
// generated table so a reader sees which completions are the published types and which are ours.

/** A member Runnel's docs describe (same shape as the generated table's members, less `see`). */
export interface ExtraMember {
  name: string;
  kind: 'method' | 'property' | 'namespace';
  signature: string;
  doc: string;
}

/** Runnel's note on a member the types define, by path (`$.flow.exit`, `this.$emit`). */
export const RUNNEL_NOTES: Record<string, string> = {
  'this.$emit': '`name` is the channel (default channel otherwise), `summary` is shown as metadata.summary, `ts` (epoch ms) orders the events of one invocation. `id` is required under a dedupe strategy (numeric under "greatest"). 1 MB per event, 6 MB per invocation.',
  '$.export': 'Later steps read it as steps.<this step>.<key>. `$.export("$summary", text)` sets the step\'s summary.',
  '$.respond': 'The HTTP trigger waits for it when a step\'s code mentions `$.respond`, as hosted. Also takes `headers`.',
  '$.send': 'E-mail goes to the local outbox, S3 to a folder (docs/api.md "Outbox").',
  '$.flow.exit': 'Ends the run here: the step succeeds and later steps are skipped.',
  '$.flow.delay': 'Pauses the run at the end of the step; it goes on after `ms` (1 ms … 1 year) or when resume_url is called.',
  '$.flow.suspend': 'Runnel: `$.flow.suspend(timeoutMs?)`. The run waits for resume_url (its body becomes steps.<step>.$resume_data); cancelled after `timeoutMs` (default 24 h).',
  '$.flow.rerun': 'Runnel: `$.flow.rerun(delayMs, context?, maxRetries = 10)`. The step runs again after `delayMs`; $.context.run.runs counts attempts.',
  '$.flow.refreshTimeout': 'Not available in Runnel.',
  '$.files': 'Not available in Runnel (hosted File Stores): use /tmp and fs.',
};

/** Members the types leave out, by path. */
export const RUNNEL_MEMBERS: Record<string, ExtraMember[]> = {
  $: [
    {
      name: 'context',
      kind: 'property',
      signature: '{ id, ts, workflow_id, deployment_id, emitter_id, owner_id, platform_version, trace_id, workflow_name, deadline, source_type, verified, hops, run }',
      doc: 'The run\'s context; `$.context.run` has `runs`, `context` and `callback_request` after `$.flow.rerun`.',
    },
  ],
};

const dataStore: ExtraMember[] = [
  { name: 'get', kind: 'method', signature: '(key: string) => Promise<JSONValue | undefined>', doc: 'The value, or undefined when there is no such record (or it expired).' },
  { name: 'set', kind: 'method', signature: '(key: string, value: JSONValue, opts?: { ttl?: number | null }) => Promise<void>', doc: '`ttl` in seconds sets the expiry, `ttl: null` removes it.' },
  { name: 'has', kind: 'method', signature: '(key: string) => Promise<boolean>', doc: '' },
  { name: 'delete', kind: 'method', signature: '(key: string) => Promise<boolean>', doc: 'true when a record was deleted.' },
  { name: 'keys', kind: 'method', signature: '() => Promise<string[]>', doc: 'Oldest write first; also async-iterable.' },
  { name: 'entries', kind: 'method', signature: '() => Promise<[string, JSONValue][]>', doc: 'Oldest write first; also async-iterable.' },
  { name: 'clear', kind: 'method', signature: '() => Promise<void>', doc: 'Every record is gone.' },
  { name: 'setTtl', kind: 'method', signature: '(key: string, ttl: number | null) => Promise<boolean>', doc: 'false when there is no such record.' },
];

/** What `this.<prop>.` holds, by the prop's type. */
export const PROP_MEMBERS: Record<string, ExtraMember[]> = {
  '$.service.db': [
    { name: 'get', kind: 'method', signature: '(key: string) => JSONValue | undefined', doc: 'Synchronous; kept across runs, updates and restarts.' },
    { name: 'set', kind: 'method', signature: '(key: string, value: JSONValue) => void', doc: 'Synchronous; JSON values up to 60 KB each.' },
  ],
  data_store: dataStore,
  '$.interface.http': [
    { name: 'endpoint', kind: 'property', signature: 'string', doc: 'The URL of this source\'s endpoint.' },
    { name: 'respond', kind: 'method', signature: '(response: { status: number; headers?: object; body?: any }) => void', doc: 'Answers the request, with `customResponse: true` on the prop.' },
  ],
  '$.interface.timer': [
    { name: 'intervalSeconds', kind: 'property', signature: 'number', doc: '' },
    { name: 'cron', kind: 'property', signature: 'string', doc: '' },
    { name: 'timezone', kind: 'property', signature: 'string', doc: '' },
  ],
  http_request: [
    { name: 'execute', kind: 'method', signature: '() => Promise<{ status, statusText, headers, data }>', doc: 'Sends the configured request (docs/http-request-prop.md).' },
    { name: 'url', kind: 'property', signature: 'string', doc: '' },
    { name: 'method', kind: 'property', signature: 'string', doc: '' },
    { name: 'headers', kind: 'property', signature: 'object', doc: '' },
  ],
  app: [{ name: '$auth', kind: 'property', signature: 'object', doc: 'The connected account\'s credentials (Accounts). Reading a field without a connected account throws.' }],
};

/** Prop types Runnel accepts that the types do not list. */
export const RUNNEL_PROP_TYPES: ExtraMember[] = [
  { name: 'sql', kind: 'property', signature: '{ query, params }', doc: 'Runnel passes the configured value as given.' },
  { name: 'alert', kind: 'property', signature: '{ alertType, content }', doc: 'Shown as a note in the form; not in `this`.' },
];
