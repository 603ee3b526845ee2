// How this runner reaches scratch folders. When it runs as another user than the service
// (client/os-wall/unprivileged-user.ts), the data dir above the scratch root is private to the
// service's user and cannot be traversed; the runner was started in the scratch root, so it
// reaches scratch folders by paths relative to its working directory instead. Node's
// permission model resolves those against the same directory.
import fs from 'node:fs';
import { isAbsolute, normalize, relative } from 'node:path';

const RELATIVE = process.env.RUNNEL_SCRATCH_RELATIVE === '1';

/** The path to use for the scratch folder `scratchDir` (an absolute host path). */
export function localScratchDir(scratchDir: string): string {
  if (!RELATIVE) return scratchDir;
  const rel = relative(process.cwd(), scratchDir);
  // Outside the scratch root: left as it is, for the permission model to refuse.
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? scratchDir : rel;
}

type Callback = (err: NodeJS.ErrnoException | null, path?: string) => void;

/**
 * Makes realpath work on relative scratch paths. Node's realpath makes a path absolute and
 * checks each folder above it, which fails on the private data dir. Scratch folders hold no
 * links (components cannot create any), so a relative path's real path is itself, normalized,
 * once it is known to exist. Call once, before host-hardening freezes fs.
 */
export function installRelativeRealpath(): void {
  if (!RELATIVE) return;
  const real = { sync: fs.realpathSync, native: fs.realpathSync.native, callback: fs.realpath, promise: fs.promises.realpath };
  const isRelative = (p: unknown): p is string => typeof p === 'string' && !isAbsolute(p);
  const lexical = (p: string): string => {
    const n = normalize(p);
    fs.lstatSync(n); // throws ENOENT as realpath does
    return n;
  };
  const sync = ((p: fs.PathLike, o?: unknown) => (isRelative(p) ? lexical(p) : real.sync(p, o as never))) as typeof fs.realpathSync;
  sync.native = ((p: fs.PathLike, o?: unknown) => (isRelative(p) ? lexical(p) : real.native(p, o as never))) as typeof fs.realpathSync.native;
  fs.realpathSync = sync;
  fs.realpath = ((p: fs.PathLike, ...rest: unknown[]) => {
    const cb = rest[rest.length - 1] as Callback;
    if (!isRelative(p) || typeof cb !== 'function') return (real.callback as (...a: unknown[]) => void)(p, ...rest);
    let out: string;
    try {
      out = lexical(p);
    } catch (err) {
      return process.nextTick(cb, err as NodeJS.ErrnoException);
    }
    process.nextTick(cb, null, out);
  }) as typeof fs.realpath;
  fs.realpath.native = fs.realpath as typeof fs.realpath.native;
  fs.promises.realpath = (async (p: fs.PathLike, o?: unknown) => (isRelative(p) ? lexical(p) : real.promise(p, o as never))) as typeof fs.promises.realpath;
}
