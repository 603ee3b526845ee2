import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests each start real service processes; two cores are shared.
    maxWorkers: 2,
    // expect.poll waits on real processes and a real browser: 1 s (vitest's default) is too
    // short on two shared cores under the suite's own load.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
