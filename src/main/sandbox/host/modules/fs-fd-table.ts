// File descriptors are process-wide numbers: without this table a component could pass 1, 2 or
// another component's open file to fs.writeSync/readSync. Only descriptors this compartment
// opened through its own fs are accepted.
import type { FileHandle } from 'node:fs/promises';
import { accessError } from './scratch-paths';

export class FdTable {
  private readonly fds = new Set<number>();
  private readonly handles = new Map<number, FileHandle>();
  private readonly issued = new WeakSet<object>();

  add(fd: number): void {
    this.fds.add(fd);
  }

  addHandle(handle: FileHandle): void {
    this.issued.add(handle);
    this.handles.set(handle.fd, handle);
  }

  delete(fd: number): void {
    this.fds.delete(fd);
  }

  /** True for a FileHandle this compartment opened (closed ones are refused by Node itself). */
  isHandle(v: unknown): v is FileHandle {
    return typeof v === 'object' && v !== null && this.issued.has(v);
  }

  /** Throws unless `fd` is a descriptor this compartment opened and has not closed. */
  check(fd: unknown, syscall: string): number {
    if (typeof fd !== 'number') throw accessError(`fs.${syscall} expects a file descriptor from fs.open`, syscall);
    if (this.fds.has(fd)) return fd;
    const h = this.handles.get(fd);
    // A FileHandle's fd reads -1 once closed; the number may since belong to someone else.
    if (h && h.fd === fd) return fd;
    if (h) this.handles.delete(fd);
    throw accessError(`file descriptor ${fd} was not opened by this component`, syscall);
  }
}
