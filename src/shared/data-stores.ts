// Data stores (`ds_…`): named key-value stores of the account, shared by components and
// workflows (docs/data-stores.md). The REST shapes, the limits, and the argument checks that
// the sandbox (in the component) and the service (over REST) both apply. No zod here: the
// sandbox runner imports this file (request schemas are in data-stores-api.ts).
/** The prop type that gives a component a data store (`{ type: "data_store" }`). */
export const DATA_STORE_PROP = 'data_store';

export const DATA_STORE_LIMITS = {
  /** A store's name, after trimming. */
  nameChars: 100,
  /** A record key, as UTF-8. */
  keyBytes: 1024,
  /** A record value, as JSON text in UTF-8. */
  valueBytes: 256 * 1024,
  /** Keys and values of one store together. */
  storeBytes: 32 * 1024 * 1024,
  /** The longest TTL: two years, the largest the hosted "Update record expiration" action offers. */
  ttlSeconds: 2 * 365 * 24 * 3600,
} as const;

/** Who is configured with a store: a source prop, or a prop of a workflow step. */
export interface DataStoreUser {
  type: 'source' | 'workflow';
  id: string;
  name: string;
  /** The workflow step, for workflows. */
  step?: string;
  prop: string;
}

/** `GET /v1/data_stores/{id}`. Times are epoch seconds, like every other resource. */
export interface DataStore {
  id: string;
  name: string;
  /** Records that have not expired. */
  record_count: number;
  created_at: number;
  /** The last write to the store or one of its records. */
  updated_at: number;
  used_by: DataStoreUser[];
}

/** One record. Times are epoch milliseconds: TTLs can be seconds long. */
export interface DataStoreRecord {
  key: string;
  value: unknown;
  created_at: number;
  updated_at: number;
  /** When the record vanishes, or null when it does not expire. */
  expires_at: number | null;
  /** Seconds left until `expires_at`, rounded up; null when it does not expire. */
  ttl: number | null;
}

/** What a configured `data_store` prop holds. */
export interface DataStorePropValue {
  data_store_id: string;
}

/** Why `key` cannot be a record key, or null when it can. */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return `a key must be a string, got ${key === null ? 'null' : typeof key}`;
  if (key.length === 0) return 'a key must not be empty';
  const bytes = utf8Bytes(key);
  if (bytes > DATA_STORE_LIMITS.keyBytes) return `the key is ${bytes} bytes; a key may be at most ${DATA_STORE_LIMITS.keyBytes} bytes`;
  return null;
}

/**
 * A TTL as given: undefined (keep the current expiry), null (no expiry) or seconds, a positive
 * number up to two years. Returns why it is wrong, or null.
 */
export function ttlProblem(ttl: unknown): string | null {
  if (ttl === undefined || ttl === null) return null;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl)) return `ttl must be a number of seconds or null, got ${typeof ttl === 'number' ? ttl : typeof ttl}`;
  if (ttl <= 0) return `ttl must be more than 0 seconds (use null to remove the expiry), got ${ttl}`;
  if (ttl > DATA_STORE_LIMITS.ttlSeconds) return `ttl may be at most ${DATA_STORE_LIMITS.ttlSeconds} seconds (2 years), got ${ttl}`;
  return null;
}

/** Why a value's JSON text is too large, or null. */
export function valueSizeProblem(key: string, json: string): string | null {
  const bytes = utf8Bytes(json);
  if (bytes <= DATA_STORE_LIMITS.valueBytes) return null;
  return `the value of "${key}" is ${bytes} bytes as JSON; a data store value may be at most ${DATA_STORE_LIMITS.valueBytes} bytes (256 KB)`;
}

/** Byte length of a string as UTF-8 (no Buffer: this runs in the renderer too). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The store id in a configured `data_store` prop value, if it has that shape. */
export function dataStoreIdOf(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const id = (v as { data_store_id?: unknown }).data_store_id;
  return typeof id === 'string' ? id : undefined;
}
