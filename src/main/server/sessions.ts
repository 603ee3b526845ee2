import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, rename, writeFile } from 'node:fs/promises';
import { SESSION_COOKIE } from '../../shared/runnel-cookies';

const TOKEN_TTL_MS = 10 * 60_000;
/** How long a browser stays signed in (across service restarts). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** The newest sessions kept; signing in more often than this drops the oldest. */
const MAX_SESSIONS = 200;
export { SESSION_COOKIE };

interface SessionRecord {
  /** sha256 of the session id, base64url: the id itself (the cookie's secret) is never stored. */
  hash: string;
  expires: number;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * The web UI's credential. `runnel serve` (and `runnel open`) hand out a one-time link token;
 * opening it trades the token for a session cookie, so the API key never reaches the page.
 * Sessions are kept in the data dir (hashes and expiries only, mode 0600), so a restart of the
 * service does not sign the browser out; link tokens live in memory only.
 */
export class Sessions {
  private readonly tokens = new Map<string, number>();
  private sessions: SessionRecord[] = [];
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: { now(): number },
    /** Where sessions are kept; none: in memory only. */
    private readonly file?: string,
  ) {
    if (file) this.sessions = load(file).filter((s) => s.expires > clock.now());
  }

  /** A fresh one-time token, valid for 10 minutes. */
  issueToken(): string {
    const t = randomBytes(24).toString('base64url');
    this.tokens.set(t, this.clock.now() + TOKEN_TTL_MS);
    return t;
  }

  /** Spends a token; a new session id, or undefined when the token is unknown, used or expired. */
  exchange(token: string): string | undefined {
    const expires = this.tokens.get(token);
    this.tokens.delete(token);
    const now = this.clock.now();
    if (expires === undefined || expires < now) return undefined;
    const id = randomBytes(32).toString('base64url');
    this.sessions = [...this.sessions.filter((s) => s.expires > now), { hash: hashOf(id), expires: now + SESSION_TTL_MS }].slice(-MAX_SESSIONS);
    this.save();
    return id;
  }

  isSession(id: string | undefined): boolean {
    if (id === undefined) return false;
    const h = Buffer.from(hashOf(id));
    const now = this.clock.now();
    return this.sessions.some((s) => s.expires > now && s.hash.length === h.length && timingSafeEqual(Buffer.from(s.hash), h));
  }

  /** Resolves once the sessions on disk are the ones in memory (tests, shutdown). */
  flushed(): Promise<void> {
    return this.saving;
  }

  private save(): void {
    const file = this.file;
    if (!file) return;
    const snapshot = JSON.stringify({ version: 1, sessions: this.sessions }) + '\n';
    this.saving = this.saving.then(async () => {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, snapshot, { mode: 0o600 });
        await chmod(tmp, 0o600);
        await rename(tmp, file);
      } catch {
        // Not kept: the browser stays signed in until the service restarts, as before.
      }
    });
  }
}

function load(file: string): SessionRecord[] {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { sessions?: unknown };
    if (!Array.isArray(doc.sessions)) return [];
    return doc.sessions.filter((s): s is SessionRecord => !!s && typeof s.hash === 'string' && typeof s.expires === 'number');
  } catch {
    return []; // none yet, or unreadable: everyone signs in again
  }
}
