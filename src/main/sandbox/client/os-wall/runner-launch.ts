// How a runner process is started: the second wall around component code, under SES. Node's
// permission model lets a runner read only its own files and write only the scratch root (no
// child processes, no workers, no native addons); on Linux a runner also gets no new privileges
// (setpriv), and runs as `nobody` when the service runs as root. Each layer is used when the
// platform offers it and reported (GET /v1/system); one that keeps runners from starting (an
// Electron build without the permission model, say) is dropped with a warning.
import type { SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { Logger } from '../../../logger';
import type { SandboxLayers } from '../../../../shared/resources';
import { canWatchFromParent } from './memory-watch';
import { runnerReadGrants } from './read-grants';
import { giveScratchRoot, runnerUser, type RunnerUser } from './unprivileged-user';

export interface LauncherOptions {
  /** The built runner (out/main/runner.js), or a test's stand-in. */
  entry: string;
  /** The folder holding every instance's scratch folder: the only place a runner may write. */
  scratchRoot: string;
  /** False only for the bench's comparison (RUNNEL_BENCH_ONLY_NO_OS_WALL): SES alone. */
  osWall?: boolean;
  /** Who enforces the memory cap; by default the main process where the platform allows it. */
  memoryWatchdog?: SandboxLayers['memory_watchdog'];
  logger: Logger;
  /** The npm packages the entry imports at run time (read-grants.ts; default: the JS runner's). */
  packages?: readonly string[];
  /** False: the runner may neither read nor write the scratch root (Python's files are in memory). */
  scratch?: boolean;
}

export interface RunnerLaunch {
  command: string;
  args: string[];
  options: SpawnOptions;
}

/** The flag that turns the permission model on in this Node, if it has one. */
function permissionFlag(): string | null {
  const flags = process.allowedNodeEnvironmentFlags;
  if (flags.has('--permission')) return '--permission';
  if (flags.has('--experimental-permission')) return '--experimental-permission';
  return null;
}

/** util-linux's setpriv, where it is installed (absolute: never looked up in PATH). */
function setprivPath(): string | null {
  if (process.platform !== 'linux') return null;
  return ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null;
}

/** util-linux's chrt, where it is installed (absolute: never looked up in PATH). */
function chrtPath(): string | null {
  if (process.platform !== 'linux') return null;
  return ['/usr/bin/chrt', '/bin/chrt'].find((p) => existsSync(p)) ?? null;
}

/** Starts runners with every OS layer available here. */
export class RunnerLauncher {
  private permission: string | null;
  private user: RunnerUser | undefined;
  private setpriv: string | null;
  /** Runners are started under SCHED_BATCH where chrt is (see launch); not a wall, so not tied to one. */
  private chrt: string | null;
  private readonly parentWatch: boolean;
  private readonly reads: string[];

  constructor(private readonly opts: LauncherOptions) {
    this.parentWatch = opts.memoryWatchdog ? opts.memoryWatchdog === 'parent' && canWatchFromParent() : canWatchFromParent();
    const wall = opts.osWall !== false;
    this.permission = wall ? permissionFlag() : null;
    this.setpriv = wall ? setprivPath() : null;
    this.chrt = chrtPath();
    this.reads = runnerReadGrants(opts.entry, opts.packages);
    try {
      // Runners start in it (their working directory) and may write nowhere else.
      mkdirSync(opts.scratchRoot, { recursive: true, mode: 0o700 });
    } catch (err) {
      opts.logger.warn(`the scratch root ${opts.scratchRoot} could not be made: ${(err as Error).message}`);
    }
    const found = wall ? runnerUser(this.reads) : { reason: 'the OS wall is off' };
    this.user = found.user;
    // A root service that cannot hand runners to `nobody` says so, as for any layer it goes without.
    if (wall && !found.user && process.platform === 'linux' && process.getuid?.() === 0) {
      opts.logger.warn(`sandbox runners run as root, not as nobody: ${found.reason}`);
    }
    if (!wall) opts.logger.warn('RUNNEL_BENCH_ONLY_NO_OS_WALL is set: runners start without the OS wall (for the bench only)');
    if (this.user) {
      const err = giveScratchRoot(opts.scratchRoot, this.user);
      if (err) this.drop('user', `the scratch root could not be given to ${this.user.name} (${err.message})`);
    }
  }

  /** The layers runners start with now (for GET /v1/system). */
  get layers(): SandboxLayers {
    return {
      ses: true,
      node_permissions: this.permission,
      unprivileged_user: this.user?.name ?? null,
      no_new_privs: this.setpriv !== null,
      memory_watchdog: this.parentWatch ? 'parent' : 'runner-worker',
    };
  }

  /** Whether the main process enforces the memory cap (else the runner's own worker does). */
  get watchesMemory(): boolean {
    return this.parentWatch;
  }

  /** Command, arguments and spawn options for one runner. */
  launch(memoryCapMb: number): RunnerLaunch {
    const nodeArgs = [`--max-old-space-size=${memoryCapMb}`, ...this.permissionArgs(), this.opts.entry];
    const env: NodeJS.ProcessEnv = { RUNNEL_MEMORY_CAP_MB: String(memoryCapMb), RUNNEL_MEMORY_WATCHDOG: this.parentWatch ? 'parent' : 'runner' };
    for (const k of ['TZ', 'LANG', 'LC_ALL', 'SystemRoot', 'SYSTEMROOT']) if (process.env[k] !== undefined) env[k] = process.env[k];
    // Under Electron, process.execPath is the app binary; this makes it behave as plain Node.
    if (process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
    // The working directory is set before the user changes: scratch folders are reached
    // through it when the folders above are private (host/scratch-root.ts).
    if (this.user) env.RUNNEL_SCRATCH_RELATIVE = '1';
    const options: SpawnOptions = {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env,
      ...(existsSync(this.opts.scratchRoot) ? { cwd: this.opts.scratchRoot } : {}),
      ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}),
    };
    const node = this.setpriv ? [this.setpriv, '--no-new-privs', '--', process.execPath, ...nodeArgs] : [process.execPath, ...nodeArgs];
    // To the kernel's scheduler a runner is batch work (SCHED_BATCH, no special right needed):
    // woken by a message, it does not preempt the main process, which serves HTTP and commits
    // events, but runs on an idle core or at the next tick; and a component spinning in a loop
    // takes less from the main process. Measured in docs/benchmarks.md.
    const [command, ...args] = this.chrt ? [this.chrt, '--batch', '0', ...node] : node;
    return { command, args, options };
  }

  /**
   * A runner failed before it was ready, saying `stderr`. If a layer may be why (the flags are
   * refused, a file cannot be read), drops it and returns true: the next runner starts without.
   */
  fallBack(stderr: string): boolean {
    const why = stderr.trim().split('\n').filter(Boolean).slice(-4).join(' | ').slice(0, 600);
    if (this.chrt && /^chrt:/m.test(stderr)) return this.drop('chrt', why);
    if (this.permission && /bad option|not allowed|ERR_ACCESS_DENIED|permission/i.test(stderr)) return this.drop('permission', why);
    if (this.setpriv && /setpriv/.test(stderr)) return this.drop('setpriv', why);
    if (this.user && /EACCES|EPERM|permission denied/i.test(stderr)) return this.drop('user', why);
    return false;
  }

  private drop(layer: 'user' | 'setpriv' | 'permission' | 'chrt', why: string): true {
    const what = {
      user: `running as ${this.user?.name}`,
      setpriv: 'no-new-privs (setpriv)',
      permission: `Node's permission model (${this.permission})`,
      chrt: 'batch scheduling (chrt)',
    }[layer];
    this.opts.logger.warn(`sandbox runners start without ${what}: ${why}`);
    if (layer === 'user') this.user = undefined;
    if (layer === 'setpriv') this.setpriv = null;
    if (layer === 'permission') this.permission = null;
    if (layer === 'chrt') this.chrt = null;
    return true;
  }

  private permissionArgs(): string[] {
    if (!this.permission) return [];
    const flags = process.allowedNodeEnvironmentFlags;
    const root = this.opts.scratchRoot;
    // "<root>/*", not "<root>": Node grants a folder recursively only if it can stat it at
    // start, which a runner running as another user cannot when the folders above are private.
    // (Both at once trip an assertion in Node 20's permission model when it can.) Runners never
    // touch the root itself, only the instance folders in it.
    const scratch = this.opts.scratch === false ? [] : [`${root}/*`];
    const args = [this.permission, ...[...this.reads, ...scratch].map((p) => `--allow-fs-read=${p}`), ...scratch.map((p) => `--allow-fs-write=${p}`)];
    if (!this.parentWatch) args.push('--allow-worker'); // the runner's own memory watchdog thread
    const warnings = this.parentWatch ? ['ExperimentalWarning'] : ['ExperimentalWarning', 'SecurityWarning'];
    args.push(...(flags.has('--disable-warning') ? warnings.map((w) => `--disable-warning=${w}`) : ['--no-warnings']));
    return args;
  }
}
