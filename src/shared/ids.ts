// Id shapes of the hosted service: `<prefix>_<random>`. Pure: uses Web Crypto, so it runs in
// the main process and in the renderer alike.

export const ID_PREFIX = {
  user: 'u',
  savedComponent: 'sc',
  deployedComponent: 'dc',
  workflow: 'p',
  deployment: 'd',
  cell: 'c',
  subscription: 'sub',
  account: 'apn',
  run: 'r',
  dataStore: 'ds',
} as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 string; `length` 22 carries ~131 bits, enough to be unguessable. */
export function randomToken(length: number): string {
  const bytes = new Uint8Array(length * 2);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === length) return out;
  }
  return out + randomToken(length - out.length);
}

export function newId(prefix: (typeof ID_PREFIX)[keyof typeof ID_PREFIX]): string {
  return `${prefix}_${randomToken(10)}`;
}

/** Event ids are `<ms_timestamp>-<sequence>`, ordered by (ms, sequence). */
export interface EventIdParts {
  ms: number;
  seq: number;
}

export function parseEventId(id: string): EventIdParts | undefined {
  const m = /^(\d{1,16})-(\d{1,9})$/.exec(id);
  if (!m) return undefined;
  return { ms: Number(m[1]), seq: Number(m[2]) };
}

export function formatEventId(parts: EventIdParts): string {
  return `${parts.ms}-${parts.seq}`;
}

/** Negative when a is older than b. */
export function compareEventIds(a: EventIdParts, b: EventIdParts): number {
  return a.ms - b.ms || a.seq - b.seq;
}
