// fs.createReadStream/createWriteStream for components. A real fs stream keeps the fs it uses
// on itself (under a symbol any code can list) and exposes its constructor, so a stream made
// with the real fs would hand a component the real fs. Ours are real Node streams built on a
// jailed fs object, and the constructors they expose refuse to be called.
import fs from 'node:fs';
import type { FdTable } from './fs-fd-table';
import { accessError, type ScratchPaths } from './scratch-paths';

type Fn = (...args: unknown[]) => unknown;
type Callback = (err: unknown, ...rest: unknown[]) => void;

function constructorStub(name: 'ReadStream' | 'WriteStream', realPrototype: object): Fn {
  const stub = function () {
    throw accessError(`new fs.${name}() is not available to components; use fs.create${name}()`, name);
  };
  Object.defineProperty(stub, 'name', { value: name });
  // Keeps `stream instanceof fs.ReadStream` working in components.
  stub.prototype = realPrototype;
  return stub;
}

export const ReadStreamStub = constructorStub('ReadStream', fs.ReadStream.prototype);
export const WriteStreamStub = constructorStub('WriteStream', fs.WriteStream.prototype);

/** Makes `stream.constructor` the refusing stub; runs once, before the prototypes are locked. */
export function sealFsStreamConstructors(): void {
  for (const [proto, stub] of [
    [fs.ReadStream.prototype, ReadStreamStub],
    [fs.WriteStream.prototype, WriteStreamStub],
  ] as const) {
    Object.defineProperty(proto, 'constructor', { value: stub, writable: true, enumerable: false, configurable: true });
  }
}

/** The fs a component's streams use: opens only jailed paths, touches only its own fds. */
function jailedStreamFs(paths: ScratchPaths, fds: FdTable): Record<string, Fn> {
  const lastCallback = (args: unknown[]) => args[args.length - 1] as Callback;
  const onFd = (name: 'read' | 'write' | 'writev' | 'fsync') => (...args: unknown[]) => {
    try {
      fds.check(args[0], name);
    } catch (err) {
      process.nextTick(lastCallback(args), err);
      return;
    }
    (fs[name] as unknown as Fn)(...args);
  };
  return Object.freeze({
    open(p: unknown, flags: unknown, mode: unknown, cb: unknown) {
      let host: string;
      try {
        host = paths.toHost(p, 'open');
      } catch (err) {
        process.nextTick(cb as Callback, err);
        return;
      }
      fs.open(host, flags as fs.OpenMode, mode as fs.Mode, (err, fd) => {
        if (err) return (cb as Callback)(paths.rewriteError(err));
        fds.add(fd);
        (cb as Callback)(null, fd);
      });
    },
    read: onFd('read'),
    write: onFd('write'),
    writev: onFd('writev'),
    fsync: onFd('fsync'),
    close(fd: unknown, cb: unknown) {
      try {
        fds.check(fd, 'close');
      } catch (err) {
        process.nextTick(cb as Callback, err);
        return;
      }
      fds.delete(fd as number);
      fs.close(fd as number, cb as fs.NoParamCallback);
    },
  });
}

/** createReadStream/createWriteStream bound to one compartment's scratch folder and fds. */
export function makeFsStreams(paths: ScratchPaths, fds: FdTable) {
  const jailFs = jailedStreamFs(paths, fds);
  const options = (path: unknown, given: unknown, syscall: string): Record<string, unknown> => {
    const o: Record<string, unknown> = typeof given === 'string' ? { encoding: given } : { ...((given as object) ?? {}) };
    if (o.fd !== undefined && o.fd !== null) {
      if (!fds.isHandle(o.fd)) fds.check(o.fd, syscall);
    } else {
      paths.toHost(path, syscall); // refuse outside /tmp now rather than in a later 'error' event
    }
    if (o.fs === undefined) o.fs = jailFs;
    return o;
  };
  return {
    createReadStream: (path: unknown, opts?: unknown) =>
      fs.createReadStream(path as string, options(path, opts, 'createReadStream')),
    createWriteStream: (path: unknown, opts?: unknown) =>
      fs.createWriteStream(path as string, options(path, opts, 'createWriteStream')),
  };
}
