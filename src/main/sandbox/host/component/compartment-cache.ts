// Compartments kept per (instanceId, codeHash): module-level state of a component survives
// between its invocations, as in a warm hosted runtime. Bounded (least recently used goes
// first) because every entry holds a realm's worth of objects and maybe live timers.
import type { LoadedComponent } from './load-component';

export interface CacheEntry {
  instanceId: string;
  codeHash: string;
  loaded: LoadedComponent;
  /** The invocation that console output of this compartment is reported under. */
  logId: number;
  busy: boolean;
  /** Forgotten while busy: disposed as soon as the invocation ends. */
  forgotten: boolean;
}

const keyOf = (instanceId: string, codeHash: string) => `${instanceId}\n${codeHash}`;

export class CompartmentCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(instanceId: string, codeHash: string): CacheEntry | undefined {
    const key = keyOf(instanceId, codeHash);
    const e = this.entries.get(key);
    if (e) {
      // Map order is insertion order; re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  add(entry: CacheEntry): void {
    this.entries.set(keyOf(entry.instanceId, entry.codeHash), entry);
    for (const [key, e] of this.entries) {
      if (this.entries.size <= this.max) break;
      if (e.busy) continue;
      this.entries.delete(key);
      e.loaded.dispose();
    }
  }

  /** Drops every compartment of an instance (its code or props changed, or it was deleted). */
  forget(instanceId: string): void {
    for (const [key, e] of this.entries) {
      if (e.instanceId !== instanceId) continue;
      this.entries.delete(key);
      if (e.busy) e.forgotten = true;
      else e.loaded.dispose();
    }
  }

  /** Cancels the pending timers of every compartment (no invocation is running). */
  cancelTimers(): void {
    for (const e of this.entries.values()) e.loaded.cancelTimers();
  }

  /** Marks an invocation done on the entry. */
  release(entry: CacheEntry): void {
    entry.busy = false;
    if (entry.forgotten) entry.loaded.dispose();
  }
}
