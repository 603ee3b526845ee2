// What search matches against: a query (plain text, or `path.to.field:text`), the lowercased
// JSON of each thing searched (cached per stored object), and the excerpt shown around a match.

/** A parsed `q`: text to find (lowercased), optionally within one field of the payload. */
export interface TextQuery {
  text: string;
  /** `body.email:ada@` → ['body', 'email']. */
  field?: string[];
}

// `word.word:value`; not a URL (`https://…`) — quote the whole text to search it literally.
const FIELD = /^([A-Za-z_$][\w$-]*(?:\.[\w$-]+)*):(?!\/\/)(.+)$/;

/** Parses `q`: null when empty (everything matches). `"a:b"` in quotes is plain text. */
export function parseQuery(q: string | undefined): TextQuery | null {
  const t = (q ?? '').trim();
  if (!t) return null;
  const quoted = /^"(.+)"$/.exec(t);
  if (quoted) return { text: quoted[1].toLowerCase() };
  const m = FIELD.exec(t);
  return m ? { field: m[1].split('.'), text: m[2].trim().toLowerCase() } : { text: t.toLowerCase() };
}

const cache = new WeakMap<object, string>();

/**
 * The lowercased JSON of what `project` makes of `key`. Stored events and finished runs never
 * change, so theirs is kept (weakly: it goes with them); pass `stable: false` for a run in progress.
 */
export function lowerJsonOf(key: object, project: () => unknown, stable = true): string {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const text = jsonText(project()).toLowerCase();
  if (stable) cache.set(key, text);
  return text;
}

/** JSON text of any value (a string is itself; undefined is ''). */
export function jsonText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** The value at a path of a payload (undefined when it is not there). */
export function valueAt(payload: unknown, path: string[]): unknown {
  let v = payload;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Whether a field query matches a payload: the field's value (as JSON text) contains the text. */
export function fieldMatches(payload: unknown, q: TextQuery): boolean {
  const v = valueAt(payload, q.field!);
  return v !== undefined && jsonText(v).toLowerCase().includes(q.text);
}

const EXCERPT_SIDE = 40;

/** About 40 characters either side of the first match in `text`, with … where cut. */
export function excerpt(text: string, needle: string): string {
  const at = text.toLowerCase().indexOf(needle);
  if (at === -1) return text.length > 2 * EXCERPT_SIDE ? `${text.slice(0, 2 * EXCERPT_SIDE)}…` : text;
  const from = Math.max(0, at - EXCERPT_SIDE);
  const to = Math.min(text.length, at + needle.length + EXCERPT_SIDE);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}
