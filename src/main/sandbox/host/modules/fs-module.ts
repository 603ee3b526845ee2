// The `fs` and `fs/promises` a component gets: the real functions behind a path jail (see
// scratch-paths.ts) and a descriptor table (see fs-fd-table.ts). Each supported function
// exists in its callback, Sync and promises forms; everything else the real module has is
// replaced by a function that refuses with a clear message, so nothing slips through by
// being forgotten here.
import fs from 'node:fs';
import type { Dirent } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { FdTable } from './fs-fd-table';
import { makeFsStreams, ReadStreamStub, WriteStreamStub } from './fs-streams';
import { accessError, type ScratchPaths } from './scratch-paths';

type Fn = (...args: unknown[]) => unknown;
type ArgKind = 'path' | 'pathOrFd' | 'paths2' | 'fd' | 'prefix';
type ResultKind = 'plain' | 'virtual' | 'dirents' | 'open' | 'close';

/** Supported functions: how their arguments are checked and their results mapped back. */
const OPS: Record<string, [ArgKind, ResultKind]> = {
  readFile: ['pathOrFd', 'plain'],
  writeFile: ['pathOrFd', 'plain'],
  appendFile: ['pathOrFd', 'plain'],
  readdir: ['path', 'dirents'],
  mkdir: ['path', 'virtual'],
  mkdtemp: ['prefix', 'virtual'],
  rm: ['path', 'plain'],
  rmdir: ['path', 'plain'],
  unlink: ['path', 'plain'],
  stat: ['path', 'plain'],
  lstat: ['path', 'plain'],
  access: ['path', 'plain'],
  rename: ['paths2', 'plain'],
  copyFile: ['paths2', 'plain'],
  open: ['path', 'open'],
  truncate: ['pathOrFd', 'plain'],
  realpath: ['path', 'virtual'],
  utimes: ['path', 'plain'],
  close: ['fd', 'close'],
  read: ['fd', 'plain'],
  write: ['fd', 'plain'],
  readv: ['fd', 'plain'],
  writev: ['fd', 'plain'],
  fstat: ['fd', 'plain'],
  fsync: ['fd', 'plain'],
  fdatasync: ['fd', 'plain'],
  ftruncate: ['fd', 'plain'],
  futimes: ['fd', 'plain'],
};

/** Refused by name with the reason; any other unsupported function gets a generic refusal. */
const REFUSED_REASON: Record<string, string> = {
  symlink: 'links could point outside /tmp',
  link: 'links could point outside /tmp',
  chmod: 'permissions cannot be changed',
  lchmod: 'permissions cannot be changed',
  fchmod: 'permissions cannot be changed',
  chown: 'ownership cannot be changed',
  lchown: 'ownership cannot be changed',
  fchown: 'ownership cannot be changed',
  watch: 'file watching would outlive the invocation',
  watchFile: 'file watching would outlive the invocation',
  unwatchFile: 'file watching would outlive the invocation',
};

function refusal(name: string): Error {
  const why = REFUSED_REASON[name.replace(/Sync$/, '')];
  return accessError(`fs.${name} is not available to components${why ? ` (${why})` : ''}`, name);
}

export interface ComponentFs {
  fs: Record<string, unknown>;
  promises: Record<string, unknown>;
}

/** Builds one compartment's fs and fs/promises over its scratch folder. */
export function makeComponentFs(paths: ScratchPaths): ComponentFs {
  const fds = new FdTable();
  const real = fs as unknown as Record<string, Fn & { native?: Fn }>;
  const realPromises = fs.promises as unknown as Record<string, Fn>;

  const prepare = (name: string, kind: ArgKind, args: unknown[]): unknown[] => {
    const out = [...args];
    if (kind === 'fd') out[0] = fds.check(out[0], name);
    else if (kind === 'prefix') out[0] = paths.prefixToHost(out[0], name);
    else if (kind === 'pathOrFd' && typeof out[0] === 'number') out[0] = fds.check(out[0], name);
    else if (!(kind === 'pathOrFd' && fds.isHandle(out[0]))) out[0] = paths.toHost(out[0], name);
    if (kind === 'paths2') out[1] = paths.toHost(out[1], name);
    return out;
  };
  const mapResult = (kind: ResultKind, value: unknown): unknown => {
    if (kind === 'virtual' && typeof value === 'string') return paths.toVirtual(value);
    if (kind === 'dirents' && Array.isArray(value)) return value.map((d) => virtualDirent(d, paths));
    if (kind === 'open' && typeof value === 'number') fds.add(value);
    if (kind === 'open' && typeof value === 'object' && value !== null) fds.addHandle(value as FileHandle);
    return value;
  };

  const callbackForm = (name: string, kind: ArgKind, result: ResultKind): Fn => (...args) => {
    const cbIndex = args.length - 1;
    const cb = args[cbIndex];
    if (typeof cb !== 'function') return real[name](...prepare(name, kind, args)); // Node reports the missing callback
    let prepared: unknown[];
    try {
      prepared = prepare(name, kind, args.slice(0, cbIndex));
      if (result === 'close') fds.delete(prepared[0] as number);
    } catch (err) {
      process.nextTick(cb as Fn, err);
      return undefined;
    }
    return real[name](...prepared, (err: unknown, ...rest: unknown[]) => {
      if (err) return (cb as Fn)(paths.rewriteError(err));
      return (cb as Fn)(null, mapResult(result, rest[0]), ...rest.slice(1));
    });
  };
  const syncForm = (name: string, kind: ArgKind, result: ResultKind): Fn => (...args) => {
    const prepared = prepare(name, kind, args);
    if (result === 'close') fds.delete(prepared[0] as number);
    try {
      return mapResult(result, real[`${name}Sync`](...prepared));
    } catch (err) {
      throw paths.rewriteError(err);
    }
  };
  const promiseForm = (name: string, kind: ArgKind, result: ResultKind): Fn => async (...args) => {
    const prepared = prepare(name, kind, args);
    try {
      return mapResult(result, await realPromises[name](...prepared));
    } catch (err) {
      throw paths.rewriteError(err);
    }
  };

  const out: Record<string, unknown> = {};
  const promises: Record<string, unknown> = {};
  for (const [name, [kind, result]] of Object.entries(OPS)) {
    out[name] = callbackForm(name, kind, result);
    out[`${name}Sync`] = syncForm(name, kind, result);
    if (typeof realPromises[name] === 'function') promises[name] = promiseForm(name, kind, result);
  }
  // realpath.native is what many libraries call; it gets the same jail.
  (out.realpath as { native?: Fn }).native = out.realpath as Fn;
  (out.realpathSync as { native?: Fn }).native = out.realpathSync as Fn;

  out.existsSync = (p: unknown) => {
    const host = paths.toHost(p, 'exists');
    return fs.existsSync(host);
  };
  out.exists = (p: unknown, cb: unknown) => {
    const host = paths.toHost(p, 'exists');
    fs.exists(host, cb as (exists: boolean) => void);
  };
  const streams = makeFsStreams(paths, fds);
  out.createReadStream = streams.createReadStream;
  out.createWriteStream = streams.createWriteStream;
  out.ReadStream = out.FileReadStream = ReadStreamStub;
  out.WriteStream = out.FileWriteStream = WriteStreamStub;

  // Everything else the real modules export: data and harmless classes as they are,
  // functions refused.
  for (const key of Object.keys(fs)) {
    if (key in out || key === 'promises') continue;
    const value = (fs as unknown as Record<string, unknown>)[key];
    const harmless = key === 'Stats' || key === 'Dirent' || typeof value !== 'function';
    out[key] = harmless ? value : refuser(key);
  }
  for (const key of Object.keys(fs.promises)) {
    if (key in promises) continue;
    const value = (fs.promises as unknown as Record<string, unknown>)[key];
    promises[key] = typeof value === 'function' ? asyncRefuser(key) : value;
  }
  out.promises = Object.freeze(promises);
  return { fs: Object.freeze(out), promises: out.promises as Record<string, unknown> };
}

function refuser(name: string): Fn {
  return () => {
    throw refusal(name);
  };
}

function asyncRefuser(name: string): Fn {
  return async () => {
    throw refusal(name);
  };
}

function virtualDirent(d: unknown, paths: ScratchPaths): unknown {
  if (typeof d !== 'object' || d === null) return d;
  const dirent = d as Dirent & { path?: string; parentPath?: string };
  if (typeof dirent.path === 'string') dirent.path = paths.toVirtual(dirent.path);
  if (typeof dirent.parentPath === 'string') dirent.parentPath = paths.toVirtual(dirent.parentPath);
  return dirent;
}
