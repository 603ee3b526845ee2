import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '../../shared/runnel-cookies';

const TOKEN_TTL_MS = 10 * 60_000;
export { SESSION_COOKIE };

/**
 * The web UI's credential. `runnel serve` (and `runnel open`) hand out a one-time link token;
 * opening it trades the token for a session cookie, so the API key never reaches the page.
 * Sessions live in memory: a restart asks for a fresh link.
 */
export class Sessions {
  private readonly tokens = new Map<string, number>();
  private readonly sessions = new Set<string>();

  constructor(private readonly clock: { now(): number }) {}

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
    if (expires === undefined || expires < this.clock.now()) return undefined;
    const id = randomBytes(32).toString('base64url');
    this.sessions.add(id);
    return id;
  }

  isSession(id: string | undefined): boolean {
    return id !== undefined && this.sessions.has(id);
  }
}
