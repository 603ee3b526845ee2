import { HTTP_REQUEST_TYPE } from '../../shared/http-request';
import type { PropDescriptor } from '../domain/components';
import type { SerializedError } from '../domain/invocations';
import type { Accounts } from './accounts';
import { requestSecrets } from './http-request-secrets';
import { maskTexts, type Secrets } from './secrets';

/** Masks one deployment's configured secrets in what a run hands back. */
export interface Scrub {
  /** A log line or any text. */
  text(s: string): string;
  /** A run's error: its name, message and stack. */
  error<E extends SerializedError>(e: E): E;
  /** Every string inside plain objects and arrays (exports); other values are kept as they are. */
  value<T>(v: T): T;
}

/**
 * The one place where a run's output is scrubbed of the deployment's configured secrets — its
 * secret string props, the secrets of its http_request props, the credentials of the accounts
 * its app props point at and the project's secret environment variables — before it reaches a log, the store, a REST answer or an SSE
 * frame. Every text a component controls and Runnel shows (log lines, errors, step exports)
 * goes through `of(props)`, so the masking of logs and of error bodies cannot drift apart.
 */
export class SecretScrubber {
  constructor(
    private readonly secrets: Secrets,
    private readonly accounts: Accounts,
    /** The project's secret environment variables, in clear. */
    private readonly envTexts: () => string[] = () => [],
  ) {}

  /** The scrub for a deployment configured with `props` (as stored: secret values sealed). */
  of(props: Record<string, unknown>): Scrub {
    let plains: string[] | undefined;
    // Opened only when something needs scrubbing, once per scrub.
    return scrubOf(() => (plains ??= this.secrets.clearTexts(props, [...this.accounts.credentialTexts(props), ...this.envTexts()])));
  }
}

/**
 * The same scrub for configuration-time calls (`additionalProps()`, async `options()`), whose
 * values are in clear: the secret string props and http_request secrets among `values`, and
 * `credentials` (the texts of the accounts its app props point at).
 */
export function scrubOfClearValues(props: PropDescriptor[], values: Record<string, unknown>, credentials: string[]): Scrub {
  const texts = [...credentials];
  for (const p of props) {
    const v = values[p.name];
    if (p.secret && typeof v === 'string') texts.push(v);
    if (p.type === HTTP_REQUEST_TYPE) texts.push(...requestSecrets(v));
  }
  return scrubOf(() => texts);
}

function scrubOf(texts: () => string[]): Scrub {
  const text = (s: string) => maskTexts(s, texts());
  return {
    text,
    error: (e) => ({ ...e, name: text(String(e.name)), message: text(String(e.message)), ...(e.stack !== undefined ? { stack: text(String(e.stack)) } : {}) }),
    value: (v) => scrubValue(v, text, new Map()) as typeof v,
  };
}

function scrubValue(v: unknown, text: (s: string) => string, seen: Map<object, unknown>): unknown {
  if (typeof v === 'string') return text(v);
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return seen.get(v);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    seen.set(v, out);
    for (const x of v) out.push(scrubValue(x, text, seen));
    return out;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
  const out: Record<string, unknown> = {};
  seen.set(v, out);
  for (const [k, x] of Object.entries(v)) out[text(k)] = scrubValue(x, text, seen);
  return out;
}
