// The launcher that puts `runnel` on the PATH (`runnel install-cli`, and the desktop app's menu
// "Install 'runnel' Command in PATH…"): written into a temp bin folder and run as a real program.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { desktopLauncher, installLauncher, launcherReport } from '../../src/main/cli/install-launcher';

const CLI = resolve('bin/runnel.js');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'runnel-bin-'));
  dirs.push(d);
  return d;
};
/** Runs a file as the shell would, with node on the PATH. */
const exec = (file: string, args: string[]) =>
  spawnSync(file, args, { encoding: 'utf8', env: { PATH: `${dirname(process.execPath)}${delimiter}/usr/bin${delimiter}/bin`, HOME: tmpdir() } });

describe.skipIf(process.platform === 'win32')('installLauncher', () => {
  it('writes an executable `runnel` that runs the CLI, and is idempotent', () => {
    const binDir = join(temp(), 'deep', 'bin');
    const first = installLauncher({ binDir, cli: CLI });
    expect(first).toEqual({ file: join(binDir, 'runnel'), status: 'created' });
    expect(statSync(first.file).mode & 0o111).not.toBe(0);
    const help = exec(first.file, ['--help']);
    expect(help.stderr).toBe('');
    expect(help.stdout).toMatch(/^Usage: runnel /);

    const before = readFileSync(first.file, 'utf8');
    expect(installLauncher({ binDir, cli: CLI })).toEqual({ file: first.file, status: 'unchanged' });
    expect(readFileSync(first.file, 'utf8')).toBe(before);
  });

  it('updates its own launcher when it points elsewhere (a moved checkout, the desktop app)', () => {
    const binDir = temp();
    installLauncher({ binDir, cli: '/old/checkout/bin/runnel.js' });
    // The desktop app runs the CLI with its own binary as Node (as editors do): ELECTRON_RUN_AS_NODE.
    const probe = join(temp(), 'probe.mjs');
    writeFileSync(probe, 'console.log(JSON.stringify({ asNode: process.env.ELECTRON_RUN_AS_NODE, args: process.argv.slice(2) }));\n');
    const r = installLauncher({ binDir, cli: probe, node: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } });
    expect(r.status).toBe('updated');
    const out = exec(r.file, ['test', "it's here", '$HOME']);
    expect(JSON.parse(out.stdout)).toEqual({ asNode: '1', args: ['test', "it's here", '$HOME'] });
  });

  it("the desktop app's menu item: ~/.local/bin/runnel runs the app's own CLI with the app's binary as Node", () => {
    const home = temp();
    // process.execPath stands in for the Electron binary, which cannot run on these machines.
    const o = desktopLauncher({ home, appPath: resolve('.'), execPath: process.execPath });
    expect(o).toEqual({ binDir: join(home, '.local', 'bin'), cli: CLI, node: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } });
    const r = installLauncher(o);
    expect(r).toEqual({ file: join(home, '.local', 'bin', 'runnel'), status: 'created' });
    expect(readFileSync(r.file, 'utf8')).toContain("export ELECTRON_RUN_AS_NODE='1'\n");
    expect(exec(r.file, ['test', '--help']).stdout).toMatch(/^Usage: runnel test /);
  });

  it('refuses to overwrite a `runnel` it did not write, and leaves it alone', () => {
    const binDir = temp();
    const foreign = join(binDir, 'runnel');
    writeFileSync(foreign, '#!/bin/sh\necho somebody else\n');
    chmodSync(foreign, 0o755);
    expect(() => installLauncher({ binDir, cli: CLI })).toThrow(`${foreign} exists and was not written by Runnel: remove it, or choose another folder`);
    expect(readFileSync(foreign, 'utf8')).toBe('#!/bin/sh\necho somebody else\n');
  });

  it('says where it went, and how to put the folder on the PATH when it is not', () => {
    const binDir = '/home/ada/.local/bin';
    const created = { file: `${binDir}/runnel`, status: 'created' as const };
    expect(launcherReport(created, `/usr/bin${delimiter}${binDir}`)).toBe(`Installed ${binDir}/runnel: the runnel command is ready (try: runnel --help).`);
    expect(launcherReport({ ...created, status: 'unchanged' }, binDir)).toBe(`${binDir}/runnel is already installed: the runnel command is ready (try: runnel --help).`);
    expect(launcherReport({ ...created, status: 'updated' }, '/usr/bin')).toBe(
      `Updated ${binDir}/runnel. ${binDir} is not on your PATH: add it (for example, put export PATH="${binDir}:$PATH" in ~/.profile) and open a new terminal.`,
    );
  });
});
