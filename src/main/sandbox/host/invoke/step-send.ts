// `$.send.*` of a workflow step: each call is validated here, at the line that made it, and
// recorded; the main process carries the records out in order after the step ends (so a
// step's sends never race its own code, and nothing leaves the machine from the sandbox).
import type { SendRecord } from '../../../domain/invocations';
import { s3BucketProblem, s3PrefixProblem } from '../../s3-names';
import { copyOf, kindOf, optionalObject, stringRecord } from './value-checks';

export interface StepSendOptions {
  records: SendRecord[];
  isOpen(): boolean;
  onLateCall(what: string): void;
}

type SendFn = (...args: unknown[]) => void;
export type StepSend = Readonly<Record<SendRecord['kind'], SendFn>>;

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

function fail(kind: string, problem: string): never {
  throw new TypeError(`$.send.${kind}: ${problem}`);
}

/**
 * The options object's own values, each read once: what is checked is what is recorded, even
 * when the component passes getters or a Proxy that answer differently on a second read.
 */
function options(kind: string, v: unknown, example: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(kind, `expects an object like ${example}, got ${kindOf(v)}`);
  return { ...(v as Record<string, unknown>) };
}

function nonEmptyString(kind: string, v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '') fail(kind, `${field} is required and must be a non-empty string, got ${JSON.stringify(v) ?? kindOf(v)}`);
  return v;
}

function optionalString(kind: string, v: unknown, field: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(kind, `${field} must be a string, got ${kindOf(v)}`);
  return v;
}

function http(o: Record<string, unknown>): SendRecord {
  const method = o.method === undefined ? 'POST' : typeof o.method === 'string' ? o.method.toUpperCase() : undefined;
  if (!method || !HTTP_METHODS.includes(method)) fail('http', `method must be one of ${HTTP_METHODS.join(', ')}, got ${JSON.stringify(o.method) ?? kindOf(o.method)}`);
  const url = nonEmptyString('http', o.url, 'url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail('http', `url must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail('http', `url must use http or https, got ${parsed.protocol}`);
  const record: Extract<SendRecord, { kind: 'http' }> = { kind: 'http', method, url };
  const headers = stringRecord(o.headers, '$.send.http', 'headers');
  if (headers) record.headers = headers;
  const params = stringRecord(o.params, '$.send.http', 'params');
  if (params) record.params = params;
  const auth = optionalObject(o.auth, '$.send.http', 'auth');
  if (auth) {
    if (typeof auth.username !== 'string' || typeof auth.password !== 'string') fail('http', 'auth must be { username, password } with both strings');
    record.auth = { username: auth.username, password: auth.password };
  }
  if (o.data !== undefined) record.data = copyOf(o.data, '$.send.http: data');
  return record;
}

function email(o: Record<string, unknown>): SendRecord {
  const subject = nonEmptyString('email', o.subject, 'subject');
  const text = optionalString('email', o.text, 'text');
  const html = optionalString('email', o.html, 'html');
  if (text === undefined && html === undefined) fail('email', 'give the message as text, html or both');
  return { kind: 'email', subject, ...(text !== undefined ? { text } : {}), ...(html !== undefined ? { html } : {}) };
}

function s3(o: Record<string, unknown>): SendRecord {
  const bucket = o.bucket;
  const bucketProblem = s3BucketProblem(bucket);
  if (bucketProblem) fail('s3', bucketProblem);
  const prefix = optionalString('s3', o.prefix, 'prefix') ?? '';
  const prefixProblem = s3PrefixProblem(prefix);
  if (prefixProblem) fail('s3', prefixProblem);
  if (o.payload === undefined) fail('s3', 'payload is required');
  return { kind: 's3', bucket: bucket as string, prefix, payload: copyOf(o.payload, '$.send.s3: payload') };
}

/** `emit(event, channel?)`, or `emit({ raw_event, channel? })` for an event sent as it is. */
function emit(first: unknown, channelArg: unknown): SendRecord {
  // Read once, like options(): the shape checked is the shape recorded.
  const o = typeof first === 'object' && first !== null && !Array.isArray(first) ? { ...(first as Record<string, unknown>) } : null;
  const raw = o !== null && Object.hasOwn(o, 'raw_event') && Object.keys(o).every((k) => k === 'raw_event' || k === 'channel');
  const event = raw ? o.raw_event : first;
  if (event === undefined) fail('emit', raw ? 'raw_event is required' : 'an event is required: $.send.emit(event, channel?) or $.send.emit({ raw_event })');
  const channel = optionalString('emit', raw && o.channel !== undefined ? o.channel : channelArg, 'channel');
  return { kind: 'emit', event: copyOf(event, '$.send.emit: the event'), ...(channel !== undefined ? { channel } : {}), raw };
}

function sse(o: Record<string, unknown>): SendRecord {
  const channel = nonEmptyString('sse', o.channel, 'channel');
  return { kind: 'sse', channel, payload: copyOf(o.payload, '$.send.sse: payload') };
}

/** `$.send` for one step, appending to `o.records`. */
export function makeStepSend(o: StepSendOptions): StepSend {
  const guarded = (kind: SendRecord['kind'], build: (...args: unknown[]) => SendRecord): SendFn => (...args) => {
    if (!o.isOpen()) {
      o.onLateCall(`$.send.${kind}()`);
      return;
    }
    o.records.push(build(...args));
  };
  return Object.freeze({
    http: guarded('http', (v) => http(options('http', v, '{ url, method, data }'))),
    email: guarded('email', (v) => email(options('email', v, '{ subject, text }'))),
    s3: guarded('s3', (v) => s3(options('s3', v, '{ bucket, prefix, payload }'))),
    emit: guarded('emit', (event, channel) => emit(event, channel)),
    sse: guarded('sse', (v) => sse(options('sse', v, '{ channel, payload }'))),
  });
}
