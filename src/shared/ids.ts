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
  /** A source invocation's kept trigger input. */
  invocation: 'i',
} as const;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));

// Random bytes are drawn 4 KB at a time: one getRandomValues call per id cost ~6 µs, which
// showed in profiles at thousands of emits per second. Each byte is used once.
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;

function randomByte(): number {
  if (poolAt === POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  return POOL[poolAt++]!;
}

/** A random base62 string; `length` 22 carries ~131 bits, enough to be unguessable. */
export function randomToken(length: number): string {
  // Character codes first, one string at the end: appending a character at a time built a
  // chain of intermediate strings per id (~1 KB of garbage per emitted event).
  const codes = new Array<number>(length);
  // Rejection sampling keeps every character equally likely.
  for (let i = 0; i < length; ) {
    const b = randomByte();
    if (b < 248) codes[i++] = ALPHABET_CODES[b % 62]!;
  }
  return String.fromCharCode.apply(null, codes);
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
