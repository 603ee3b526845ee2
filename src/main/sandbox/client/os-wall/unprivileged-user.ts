// A separate, unprivileged user for runners when the service runs as root (as on CI or in a
// container): a runner that escaped both SES and Node's permission model is then `nobody`,
// not root. Runners reach their scratch folders by paths relative to their working directory
// (set before the user changes), so the data dir above them stays private to root.
import { lchownSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, chownSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';

export interface RunnerUser {
  name: string;
  uid: number;
  gid: number;
}

/** `nobody` from /etc/passwd (65534 where it is not listed). */
function nobody(): RunnerUser {
  try {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('nobody:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid && gid) return { name: 'nobody', uid: Number(uid), gid: Number(gid) };
  } catch {
    /* the default below */
  }
  return { name: 'nobody', uid: 65534, gid: 65534 };
}

/** Whether `user` (no supplementary groups) has `bits` (r=4, x=1) on what `st` describes. */
function allowed(st: Stats, user: RunnerUser, bits: number): boolean {
  const shift = st.uid === user.uid ? 6 : st.gid === user.gid ? 3 : 0;
  return ((st.mode >> shift) & bits) === bits;
}

/** Why `user` cannot read `path` (every folder above must be searchable), or undefined. */
function unreadable(path: string, user: RunnerUser): string | undefined {
  try {
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      if (!allowed(statSync(dir), user, 1)) return `${dir} is not searchable by ${user.name}`;
      if (dirname(dir) === dir) break;
    }
    const st = statSync(path);
    if (!allowed(st, user, st.isDirectory() ? 5 : 4)) return `${path} is not readable by ${user.name}`;
  } catch (err) {
    return `${path}: ${(err as Error).message}`;
  }
  return undefined;
}

/**
 * The user to run runners as, or why there is none: only when this process is root on Linux,
 * and only if that user can read the files a runner starts from.
 */
export function runnerUser(readGrants: string[]): { user?: RunnerUser; reason: string } {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return { reason: 'the service does not run as root' };
  const user = nobody();
  for (const p of [realpathSync(process.execPath), ...readGrants]) {
    const why = unreadable(p, user);
    if (why) return { reason: why };
  }
  return { user, reason: '' };
}

/**
 * Makes the scratch root (and what earlier runs left in it) the runner user's, private to it.
 * Returns the error when that fails (then the runners cannot use that user).
 */
export function giveScratchRoot(root: string, user: RunnerUser): Error | undefined {
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    chownSync(root, user.uid, user.gid);
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, entry.name);
        lchownSync(p, user.uid, user.gid);
        if (entry.isDirectory()) walk(p);
      }
    };
    walk(root);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}
