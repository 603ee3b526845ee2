// Issue 18, item 9: a `serve` that cannot listen (the port is taken) used to create the data
// dir's api-key, runnel.json and secrets.key anyway. It must leave a fresh data dir empty.
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

describe('runnel serve on a busy port', () => {
  let blocker: Server;
  afterAll(() => new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r())));

  it('says the port is in use, exits 1 and creates no file in the data dir', async () => {
    blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = join(tempDir('runnel-busy-'), 'data');
    const r = await runCli(['serve', '--port', String(port), '--data-dir', dataDir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`runnel serve: port ${port} is already in use (try --port 0)`);
    const left = existsSync(dataDir) ? readdirSync(dataDir) : [];
    expect(left).toEqual([]);
  });
});
