// `runnel install-cli` (also `npm run install-cli` in a checkout): one command puts `runnel` on the PATH.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(process.platform === 'win32')('runnel install-cli', () => {
  it('writes the launcher into ~/.local/bin (or --bin-dir), says whether the folder is on the PATH, and then `runnel` runs from anywhere', async () => {
    const home = mkdtempSync(join(tmpdir(), 'runnel-home-'));
    dirs.push(home);
    const bin = join(home, '.local', 'bin');
    const path = `${bin}${delimiter}${dirname(process.execPath)}${delimiter}/usr/bin${delimiter}/bin`;

    const first = await runCli(['install-cli'], { env: { HOME: home, PATH: path } });
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(`Installed ${bin}/runnel: the runnel command is ready (try: runnel --help).\n`);
    expect(first.code).toBe(0);
    const again = await runCli(['install-cli'], { env: { HOME: home, PATH: path } });
    expect(again.stdout).toBe(`${bin}/runnel is already installed: the runnel command is ready (try: runnel --help).\n`);

    const help = spawnSync('runnel', ['test', '--help'], { cwd: home, encoding: 'utf8', env: { HOME: home, PATH: path } });
    expect(help.stdout).toMatch(/^Usage: runnel test /);

    const elsewhere = join(home, 'tools');
    const off = await runCli(['install-cli', '--bin-dir', elsewhere], { env: { HOME: home, PATH: path } });
    expect(off.stdout).toMatch(`Installed ${elsewhere}/runnel. ${elsewhere} is not on your PATH: add it`);
  });

  it('refuses to overwrite somebody else’s runnel', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'runnel-bin-'));
    dirs.push(bin);
    writeFileSync(join(bin, 'runnel'), '#!/bin/sh\necho mine\n');
    const r = await runCli(['install-cli', '--bin-dir', bin]);
    expect(r.stderr).toBe(`runnel install-cli: ${bin}/runnel exists and was not written by Runnel: remove it, or choose another folder with --bin-dir\n`);
    expect(r.code).toBe(1);
  });
});
