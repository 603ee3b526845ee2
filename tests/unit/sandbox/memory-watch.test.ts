// The memory cap reads a runner's resident size from /proc: it must be the size the process
// itself reports (Linux only, where the main process watches its runners).
import { describe, expect, it } from 'vitest';
import { canWatchFromParent, watchMemory } from '../../../src/main/sandbox/client/os-wall/memory-watch';

describe.runIf(canWatchFromParent())('a watched process', () => {
  it('has the resident size it reports itself, and grows with what it holds', () => {
    const watch = watchMemory(process.pid);
    try {
      const own = process.memoryUsage.rss();
      expect(Math.abs(watch.rss() - own) / own).toBeLessThan(0.1);
      const before = watch.rss();
      const held = Buffer.alloc(64 * 1024 * 1024, 1);
      expect(watch.rss() - before).toBeGreaterThan(48 * 1024 * 1024);
      expect(held[held.length - 1]).toBe(1);
    } finally {
      watch.stop();
    }
    expect(watch.rss()).toBe(0);
  });
});
