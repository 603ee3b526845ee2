// `runnel env`: the project's environment variables from the CLI, against a real service.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { cliJson, envFor, runCli } from './helpers/run-cli';

describe('runnel env against a real service', () => {
  const svc = useService();
  const o = () => ({ env: envFor(svc) });
  const cli = (...args: string[]) => runCli(args, o());

  it('sets (secret by default, --plain shown), lists, reads a value from stdin, and unsets', async () => {
    expect((await cli('env', 'set', 'TOKEN', 'abc-secret-1')).stdout).toMatch(/^Set TOKEN \(secret\)\n$/);
    expect((await cli('env', 'set', 'REGION', 'eu', '--plain')).stdout).toMatch(/^Set REGION=eu\n$/);
    const list = await cli('env');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('REGION=eu');
    expect(list.stdout).toContain('TOKEN=********');
    expect(list.stdout).not.toContain('abc-secret-1');
    expect(await cliJson(['env', 'list'], o())).toEqual([
      expect.objectContaining({ name: 'REGION', value: 'eu', secret: false }),
      expect.objectContaining({ name: 'TOKEN', value: '********', secret: true }),
    ]);

    // From stdin, so the value stays out of the shell history.
    const bin = process.argv0;
    const piped = await new Promise<number>((resolve) => {
      const p = spawn(bin, ['bin/runnel.js', 'env', 'set', 'PIPED', '-'], { env: envFor(svc), stdio: ['pipe', 'ignore', 'inherit'] });
      p.stdin.end('from-stdin\n');
      p.on('exit', (code) => resolve(code ?? 1));
    });
    expect(piped).toBe(0);
    const src = await svc.createSource(`export default { name: "e", version: "1", async run() { this.$emit({ v: process.env.PIPED }); } }`);
    await svc.runSource(src.id);
    expect((await svc.events(src.id))[0].event).toEqual({ v: 'from-stdin' });

    expect((await cli('env', 'unset', 'REGION')).stdout).toMatch(/^Removed REGION\n$/);
    const bad = await cli('env', 'set', '9LIVES', 'x');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/environment variable name/);
    const missing = await cli('env', 'unset', 'NOPE');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No environment variable "NOPE"/);
  });
});
