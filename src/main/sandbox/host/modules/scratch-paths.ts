// A component sees one writable folder, `/tmp`, which is really its instance's scratch folder
// on the host. Every path argument goes through `toHost` and every path that comes back (in
// results and error messages) through `toVirtual`, so host paths never reach the component.
import { mkdirSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VIRTUAL_ROOT = '/tmp';

export interface ScratchPaths {
  /** Host path for a virtual `/tmp/...` path; throws an EACCES error for anything else. */
  toHost(p: unknown, syscall: string): string;
  /** Like toHost for mkdtemp prefixes, which must name something inside `/tmp/`. */
  prefixToHost(p: unknown, syscall: string): string;
  /** Replaces the host scratch folder with `/tmp` in a path or message. */
  toVirtual(s: string): string;
  /** Rewrites the host paths in a Node fs error; returns it for rethrowing. */
  rewriteError(err: unknown): unknown;
}

/** The error every refused fs access throws. */
export function accessError(message: string, syscall?: string, path?: string): Error {
  const err = new Error(`Runnel: ${message}`) as NodeJS.ErrnoException;
  err.code = 'EACCES';
  err.errno = -13;
  if (syscall) err.syscall = syscall;
  if (path !== undefined) err.path = path;
  return err;
}

function asPathString(p: unknown, syscall: string): string {
  if (typeof p === 'string') return p;
  if (p instanceof Uint8Array) return Buffer.from(p).toString('utf8');
  if (p instanceof URL) {
    if (p.protocol !== 'file:') throw accessError(`fs accepts only file: URLs, got ${p.protocol}`, syscall);
    return fileURLToPath(p);
  }
  throw accessError(`fs expects a path string, Buffer or file: URL, got ${p === null ? 'null' : typeof p}`, syscall);
}

/**
 * Maps `/tmp` to `scratchDir`, or refuses every path when scratchDir is undefined (a component
 * being inspected has no instance and therefore no folder).
 */
export function scratchPaths(scratchDir: string | undefined): ScratchPaths {
  const ensure = (syscall: string, shown: string) => {
    if (scratchDir === undefined) {
      throw accessError('the file system is not available while a component is being inspected', syscall, shown);
    }
    // Every time, not once: a component may have removed its whole /tmp (rm -r /tmp).
    mkdirSync(scratchDir, { recursive: true, mode: 0o700 });
    return scratchDir;
  };
  const virtualOf = (p: unknown, syscall: string) => {
    const raw = asPathString(p, syscall);
    if (raw.includes('\0')) throw accessError('fs paths cannot contain NUL bytes', syscall);
    if (!posix.isAbsolute(raw)) {
      throw accessError(`fs paths must be absolute and under /tmp, got "${raw}"`, syscall, raw);
    }
    return posix.normalize(raw);
  };
  const mapInside = (root: string, rest: string) => (rest === '' ? root : join(root, ...rest.split('/').filter(Boolean)));

  const api: ScratchPaths = {
    toHost(p, syscall) {
      const v = virtualOf(p, syscall);
      const inside = v === VIRTUAL_ROOT || v.startsWith(`${VIRTUAL_ROOT}/`);
      if (!inside) throw accessError(`fs access outside /tmp is not allowed: ${v}`, syscall, v);
      return mapInside(ensure(syscall, v), v.slice(VIRTUAL_ROOT.length));
    },
    prefixToHost(p, syscall) {
      const v = virtualOf(p, syscall);
      if (!v.startsWith(`${VIRTUAL_ROOT}/`)) throw accessError(`fs access outside /tmp is not allowed: ${v}`, syscall, v);
      const rest = v.slice(VIRTUAL_ROOT.length + 1);
      const root = ensure(syscall, v);
      // mkdtemp appends random characters to the prefix itself, so keep a trailing separator.
      return rest === '' ? root + sep : join(root, ...rest.split('/'));
    },
    toVirtual(s) {
      if (scratchDir === undefined) return s;
      return s.split(scratchDir).join(VIRTUAL_ROOT).split(`${VIRTUAL_ROOT}${sep}`).join(`${VIRTUAL_ROOT}/`);
    },
    rewriteError(err) {
      if (scratchDir === undefined || !(err instanceof Error)) return err;
      const e = err as NodeJS.ErrnoException & { dest?: string };
      try {
        e.message = api.toVirtual(e.message);
        if (typeof e.path === 'string') e.path = api.toVirtual(e.path);
        if (typeof e.dest === 'string') e.dest = api.toVirtual(e.dest);
        if (typeof e.stack === 'string') e.stack = api.toVirtual(e.stack);
      } catch {
        /* a frozen error keeps its text */
      }
      return e;
    },
  };
  return api;
}
