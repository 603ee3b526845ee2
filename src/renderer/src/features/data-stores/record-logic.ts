// The pure half of the Data stores screen: record keys in URLs, value previews, expiry labels,
// and turning the record editor's inputs into a PUT body (or the error to show). No React.
import { keyProblem, ttlProblem, valueSizeProblem, type DataStoreRecord } from '../../../../shared/data-stores';

/**
 * A key as one URL path segment that no router decodes by accident: percent-escapes are written
 * with `~` (and a literal `~` as `~7E`), so the hash holds no `%` at all. ASCII names stay readable.
 */
export function keyToPath(key: string): string {
  return encodeURIComponent(key).replace(/~/g, '%7E').replace(/%/g, '~');
}

export function keyFromPath(segment: string): string {
  try {
    return decodeURIComponent(segment.replace(/~/g, '%'));
  } catch {
    return segment;
  }
}

/** One line of a value for the records table, cut at `max` characters. */
export function valuePreview(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'undefined');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "in 42 s", "in 3 min", "in 5 h", "in 2 d", "expired", or "never". */
export function expiryLabel(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return 'never';
  const s = Math.ceil((expiresAt - now) / 1000);
  if (s <= 0) return 'expired';
  if (s < 120) return `in ${s} s`;
  if (s < 3600) return `in ${Math.round(s / 60)} min`;
  if (s < 86400) return `in ${Math.round(s / 3600)} h`;
  return `in ${Math.round(s / 86400)} d`;
}

/** The records still alive at `now` (the service drops expired ones at its next read anyway). */
export const liveRecords = (records: DataStoreRecord[], now: number) => records.filter((r) => r.expires_at === null || r.expires_at > now);

/** How the editor sets the expiry: keep the record's, none, or N seconds from now. */
export type TtlMode = 'keep' | 'none' | 'seconds';

export interface RecordDraft {
  key: string;
  /** The value as JSON text. */
  json: string;
  ttlMode: TtlMode;
  ttlSeconds: string;
}

export type DraftResult =
  | { ok: true; key: string; body: { value: unknown; ttl?: number | null } }
  | { ok: false; field: 'key' | 'json' | 'ttl'; message: string; line?: number };

/** The draft a record starts from: its value pretty-printed, its expiry kept. */
export function draftOf(r: DataStoreRecord | null): RecordDraft {
  if (!r) return { key: '', json: '{\n  \n}', ttlMode: 'none', ttlSeconds: '' };
  return { key: r.key, json: JSON.stringify(r.value, null, 2), ttlMode: 'keep', ttlSeconds: r.ttl === null ? '' : String(r.ttl) };
}

/** The PUT body for a draft, or the first thing wrong with it and where. */
export function parseDraft(d: RecordDraft): DraftResult {
  const keyError = keyProblem(d.key);
  if (keyError) return { ok: false, field: 'key', message: keyError };
  if (d.json.trim() === '') return { ok: false, field: 'json', message: 'Enter a JSON value, e.g. "text", 42, [1, 2] or {"a": 1}' };
  let value: unknown;
  try {
    value = JSON.parse(d.json);
  } catch (err) {
    return { ok: false, field: 'json', message: `Not valid JSON: ${(err as Error).message}`, line: errorLine(d.json, (err as Error).message) };
  }
  const tooBig = valueSizeProblem(d.key, JSON.stringify(value));
  if (tooBig) return { ok: false, field: 'json', message: tooBig };
  if (d.ttlMode === 'keep') return { ok: true, key: d.key, body: { value } };
  if (d.ttlMode === 'none') return { ok: true, key: d.key, body: { value, ttl: null } };
  const ttl = Number(d.ttlSeconds.trim());
  const ttlError = d.ttlSeconds.trim() === '' ? 'Enter the number of seconds until the record expires' : ttlProblem(ttl);
  if (ttlError) return { ok: false, field: 'ttl', message: ttlError };
  return { ok: true, key: d.key, body: { value, ttl } };
}

/** The 1-based line of a JSON.parse error, from "position N" in its message. */
export function errorLine(text: string, message: string): number | undefined {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const pos = /position (\d+)/.exec(message);
  if (!pos) return text.trim() ? text.split('\n').length : undefined;
  return text.slice(0, Number(pos[1])).split('\n').length;
}
