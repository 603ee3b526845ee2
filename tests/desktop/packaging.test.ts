// electron-builder's config checked for real, without the Electron binary (it cannot be fetched
// here, TOOLCHAIN.md): `--dir --linux` with a stub `electronDist` runs the whole packaging
// (config schema for every platform, file filters, asar, asarUnpack) but no installer maker.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const asar = require('@electron/asar') as { listPackage(archive: string, o?: object): string[]; extractFile(archive: string, file: string): Buffer };
// electron-builder's own YAML reader (a dependency of app-builder-lib).
const yaml = require('js-yaml') as { load(text: string): any };

const work = mkdtempSync(join(tmpdir(), 'runnel-pack-'));
const appDir = join(work, 'out', 'linux-unpacked');
let log = '';

beforeAll(async () => {
  expect(existsSync('out/main/index.js'), 'built by npm run build').toBe(true);
  // The stub Electron: electron-builder copies this folder and renames `electron` to the
  // executable name; it never runs it.
  const stub = join(work, 'electron-dist');
  mkdirSync(stub);
  writeFileSync(join(stub, 'electron'), '#!/bin/sh\necho "stub electron: the real binary cannot be fetched here" >&2\nexit 1\n');
  chmodSync(join(stub, 'electron'), 0o755);
  writeFileSync(join(stub, 'version'), '45.4.1');

  const closed = 'http://127.0.0.1:9/'; // any download attempt fails at once instead of hanging
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ELECTRON_BUILDER_OFFLINE: 'true',
    ELECTRON_BUILDER_CACHE: join(work, 'cache'),
    ELECTRON_MIRROR: closed,
    ELECTRON_BUILDER_BINARIES_MIRROR: closed,
    CSC_IDENTITY_AUTO_DISCOVERY: 'false',
  };
  delete env.VITEST; // electron-builder silences its log under vitest; the test reads it
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [resolve('node_modules/electron-builder/cli.js'), '--dir', '--linux', '--x64', `-c.electronDist=${stub}`, `-c.directories.output=${join(work, 'out')}`],
    { env, timeout: 90_000 },
  );
  log = stdout + stderr;
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder --dir (stub Electron)', () => {
  it('packs the app as Runnel, downloading nothing', () => {
    expect(log).toMatch(/using custom unpacked Electron distribution/);
    expect(log).not.toMatch(/downloading/i);
    expect(readdirSync(appDir)).toEqual(expect.arrayContaining(['resources', 'runnel-desktop']));
  });

  it('ships the built app, the registry and the production dependencies, not the sources or tests', () => {
    const archive = join(appDir, 'resources', 'app.asar');
    expect(existsSync(archive)).toBe(true);
    const files = new Set(asar.listPackage(archive, { isPack: false }).map((f) => f.replaceAll('\\', '/')));
    for (const f of ['/package.json', '/out/main/index.js', '/out/main/cli.js', '/out/main/runner.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/bin/runnel.js']) {
      expect(files, f).toContain(f);
    }
    expect([...files].some((f) => f.startsWith('/resources/registry/') && f.endsWith('.mjs'))).toBe(true);
    for (const dep of ['hono', 'ses', 'zod', 'lowdb']) expect(files, dep).toContain(`/node_modules/${dep}`);
    const forbidden = [...files].filter((f) => /^\/(src|tests|docs|bench)\//.test(f) || f.startsWith('/node_modules/electron/') || f.startsWith('/node_modules/react/') || f.endsWith('.map'));
    expect(forbidden).toEqual([]);
    expect(JSON.parse(asar.extractFile(archive, 'package.json').toString()).main).toBe('out/main/index.js');
  });

  it('keeps esbuild outside the asar so its native binary can run', () => {
    const unpacked = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules');
    expect(existsSync(join(unpacked, 'esbuild', 'package.json'))).toBe(true);
    expect(readdirSync(join(unpacked, '@esbuild')).length).toBeGreaterThan(0);
  });

  it('names the icon and the installers for every platform', () => {
    const png = readFileSync('resources/icon.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]); // IHDR width, height

    const config = yaml.load(readFileSync('electron-builder.yml', 'utf8'));
    expect(config).toMatchObject({ appId: 'dev.runnel.desktop', productName: 'Runnel', icon: 'resources/icon.png', asar: true });
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'], category: 'Development' });
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
    expect(config.mac).toMatchObject({ target: ['dmg'], category: 'public.app-category.developer-tools', hardenedRuntime: true });
    expect(config.win).toMatchObject({ target: ['nsis'] });
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.dist).toBe('electron-vite build && electron-builder');
  });
});
