import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/** The line that marks a launcher as Runnel's own: only such a file is ever overwritten. */
const MARK = 'Runnel command launcher';

export interface LauncherOptions {
  /** The folder to write `runnel` into (`~/.local/bin` by default: see defaultBinDir). */
  binDir: string;
  /** The CLI script the launcher runs: bin/runnel.js of this Runnel install. */
  cli: string;
  /** The program that runs it: `node` from the PATH by default; the desktop app passes its own binary. */
  node?: string;
  /** Environment for that program (the desktop app: `ELECTRON_RUN_AS_NODE=1`, as editors do). */
  env?: Record<string, string>;
  platform?: NodeJS.Platform;
}

export interface LauncherResult {
  file: string;
  status: 'created' | 'updated' | 'unchanged';
}

/** Where the launcher goes by default: `~/.local/bin` (on Windows, `%LOCALAPPDATA%\Programs\Runnel\bin`). */
export function defaultBinDir(home: string, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'Programs', 'Runnel', 'bin');
  return join(home, '.local', 'bin');
}

/**
 * The desktop app's launcher (menu "Install 'runnel' Command in PATH…"): its own binary runs the
 * CLI shipped inside it as Node, as editors' `code` commands do.
 */
export function desktopLauncher(p: { home: string; appPath: string; execPath: string }): LauncherOptions {
  return { binDir: defaultBinDir(p.home), cli: join(p.appPath, 'bin', 'runnel.js'), node: p.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } };
}

/**
 * Writes a small `runnel` launcher into `binDir` (created if missing), so `runnel` runs this
 * install's CLI from any folder. Idempotent; refuses to overwrite a file it did not write.
 */
export function installLauncher(o: LauncherOptions): LauncherResult {
  const platform = o.platform ?? process.platform;
  const file = join(o.binDir, platform === 'win32' ? 'runnel.cmd' : 'runnel');
  const text = platform === 'win32' ? cmdLauncher(o) : shLauncher(o);
  let status: LauncherResult['status'] = 'created';
  if (existsSync(file) || isLink(file)) {
    const old = isLink(file) ? '' : readFileSync(file, 'utf8');
    if (!old.includes(MARK)) throw new Error(`${file} exists and was not written by Runnel: remove it, or choose another folder`);
    if (old === text) return { file, status: 'unchanged' };
    status = 'updated';
  }
  mkdirSync(o.binDir, { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  return { file, status };
}

/** One line for the user: what happened, and how to put the folder on the PATH when it is not. */
export function launcherReport(r: LauncherResult, pathEnv = process.env.PATH ?? '', platform: NodeJS.Platform = process.platform): string {
  const dir = resolve(r.file, '..');
  const onPath = pathEnv.split(delimiter).some((p) => p && resolve(p) === dir);
  const what = r.status === 'unchanged' ? `${r.file} is already installed` : `${r.status === 'created' ? 'Installed' : 'Updated'} ${r.file}`;
  if (onPath) return `${what}: the runnel command is ready (try: runnel --help).`;
  const how = platform === 'win32' ? `add it in Settings → "Edit environment variables for your account" → Path` : `for example, put export PATH="${dir}:$PATH" in ~/.profile`;
  return `${what}. ${dir} is not on your PATH: add it (${how}) and open a new terminal.`;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A POSIX shell word: single-quoted, with `'` written as `'\''`. */
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function shLauncher(o: LauncherOptions): string {
  const env = Object.entries(o.env ?? {}).map(([k, v]) => `export ${k}=${sh(v)}\n`);
  return `#!/bin/sh\n# ${MARK}, written by \`runnel install-cli\`. Delete it to remove the command.\n${env.join('')}exec ${o.node ? sh(o.node) : 'node'} ${sh(o.cli)} "$@"\n`;
}

function cmdLauncher(o: LauncherOptions): string {
  const env = Object.entries(o.env ?? {}).map(([k, v]) => `set "${k}=${v}"\r\n`);
  return `@echo off\r\nrem ${MARK}, written by runnel install-cli. Delete it to remove the command.\r\nsetlocal\r\n${env.join('')}"${o.node ?? 'node'}" "${o.cli}" %*\r\n`;
}
