import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { bundleFile, type BundledFile } from '../bundle-file';
import type { RunnelClient } from '../client';
import { CliError } from '../errors';
import { candidateFiles, hasDefaultExport, mayBeComponentPath } from './component-files';
import { DevDeployer, type DeployOptions, type DevDeployment } from './deployer';
import type { DevPrinter } from './printer';

/** Saves closer together than this become one rebuild (editors write a file in several steps). */
const DEBOUNCE_MS = 20;
/**
 * chokidar drops a second `change` of a path within 50 ms of the first, so a quick second save
 * could go unseen: this long after each change the inputs are stat'ed again.
 */
const SETTLE_MS = 60;

/** One watched component file and what it deployed. */
interface Unit {
  file: string;
  /** The path as printed: relative to where `runnel dev` started. */
  label: string;
  deployer: DevDeployer;
  /** The entry and every local file it imports: a change to any of them rebuilds it. */
  inputs: Set<string>;
  lastCode?: string;
  /** The last save did not build or deploy: the next good one says it is fixed. */
  broken?: boolean;
  timer?: NodeJS.Timeout;
  /** When the first change of the coming rebuild was seen (for the reload time). */
  changedAt?: number;
  /** Rebuilds run one after another. */
  chain: Promise<void>;
  busy: boolean;
  /** mtime and size of each input when the last build read it. */
  stamps: Map<string, string>;
  settle?: NodeJS.Timeout;
}

/**
 * The watch loop of `runnel dev`: bundles each component file, deploys it, and on every change
 * to it or a local import rebuilds and updates the deployment in place. A build or service error
 * is printed and the last good version keeps running.
 */
export class DevSession {
  private readonly units = new Map<string, Unit>();
  /** Deployers of files deleted during the session (for `--rm`). */
  private readonly retired: DevDeployer[] = [];
  private readonly names = new Map<string, string>();
  private watcher: FSWatcher | undefined;
  private watched = new Set<string>();
  private root: string | undefined;
  private closed = false;

  constructor(
    private readonly client: RunnelClient,
    private readonly printer: DevPrinter,
    private readonly opts: DeployOptions,
    private readonly cwd: string = process.cwd(),
  ) {}

  /** `runnel dev <file>`: the first deployment must succeed, or the command fails. */
  async startFile(file: string): Promise<void> {
    const unit = this.addUnit(resolve(this.cwd, file));
    const built = await this.build(unit);
    await this.deploy(unit, built, true);
    await this.startWatching([...unit.inputs]);
  }

  /** `runnel dev <folder>`: every component file in it; one that fails waits for its next save. */
  async startFolder(dir: string): Promise<void> {
    this.root = resolve(this.cwd, dir);
    const files = await candidateFiles(this.root);
    const built = new Map<string, BundledFile | Error>();
    for (const f of files) built.set(f, await this.build(this.addUnit(f)).catch((err: Error) => err));
    // A file another component imports is a library of the folder, not a component.
    const imported = new Set<string>();
    for (const [f, b] of built) if (!(b instanceof Error)) b.inputs.filter((p) => p !== f).forEach((p) => imported.add(p));
    for (const f of imported) this.units.delete(f);
    for (const f of files.filter((x) => !imported.has(x))) {
      const unit = this.units.get(f)!;
      const b = built.get(f)!;
      if (b instanceof Error) this.printer.error(unit.label, b.message, false);
      else await this.deploy(unit, b, false);
    }
    if (this.units.size === 0) this.printer.error(relative(this.cwd, this.root) || '.', 'no component files here yet; watching for new ones', false);
    await this.startWatching([this.root, ...this.outsideInputs()]);
  }

  /** What this session deployed and has not deleted. */
  deployments(): DevDeployment[] {
    const all = [...[...this.units.values()].map((u) => u.deployer), ...this.retired].map((d) => d.deployment);
    return all.filter((d): d is DevDeployment => Boolean(d));
  }

  /** Stops watching; with `remove`, deletes what this session deployed. */
  async close(remove = false): Promise<void> {
    this.closed = true;
    for (const u of this.units.values()) {
      clearTimeout(u.timer);
      clearTimeout(u.settle);
    }
    await Promise.all([...this.units.values()].map((u) => u.chain));
    await this.watcher?.close();
    if (!remove) return;
    for (const d of [...[...this.units.values()].map((u) => u.deployer), ...this.retired]) {
      const dep = d.deployment;
      if (!dep) continue;
      await d.remove().then(
        () => this.printer.deleted(dep),
        (err: Error) => this.printer.error(dep.name, `could not delete ${dep.id}: ${err.message}`, false),
      );
    }
  }

  private addUnit(file: string): Unit {
    const unit: Unit = {
      file,
      label: relative(this.cwd, file) || file,
      deployer: new DevDeployer(this.client, { ...this.opts, onlyDeclaredProps: Boolean(this.root), claimName: (name) => this.claimName(name, file) }),
      inputs: new Set([file]),
      chain: Promise.resolve(),
      busy: false,
      stamps: new Map(),
    };
    this.units.set(file, unit);
    return unit;
  }

  /** Two files of one folder deploying under one name would overwrite each other. */
  private claimName(name: string, file: string): void {
    const owner = this.names.get(name);
    if (owner && owner !== file) throw new CliError(`${relative(this.cwd, owner)} is already deployed as "${name}"; give this component another name`);
    this.names.set(name, file);
  }

  /** Deploys or updates `unit` with a fresh build; `strict` rethrows (the first deploy of a single file). */
  private async deploy(unit: Unit, built: BundledFile, strict: boolean, changedAt?: number): Promise<void> {
    unit.inputs = new Set(built.inputs);
    if (built.code === unit.lastCode) {
      // Fixed back to what is running: nothing to deploy, but the error on screen is stale.
      if (unit.broken && unit.deployer.deployment) this.printer.fixed(unit.label, unit.deployer.deployment);
      unit.broken = false;
      return;
    }
    const first = !unit.deployer.deployment;
    try {
      const dep = first ? await unit.deployer.deploy(built.body) : await unit.deployer.update(built.body);
      unit.lastCode = built.code;
      unit.broken = false;
      if (first) this.printer.ready(unit.label, dep);
      else this.printer.reloaded(unit.label, dep, Date.now() - (changedAt ?? Date.now()));
    } catch (err) {
      if (strict) throw err;
      unit.broken = true;
      this.printer.error(unit.label, `${unit.label}: ${(err as Error).message}`, !first);
    }
  }

  private async startWatching(paths: string[]): Promise<void> {
    this.watcher = watch(paths, { ignoreInitial: true, ignored: (p) => /[\\/](node_modules|\.git)([\\/]|$)/.test(p) });
    this.watched = new Set(paths);
    this.watcher.on('all', (event, path) => void this.onChange(event, resolve(this.cwd, path)));
    await new Promise<void>((r) => this.watcher!.once('ready', () => r()));
    this.printer.watching(this.units.size, this.root ? relative(this.cwd, this.root) || '.' : [...this.units.values()][0].label);
  }

  private async onChange(event: string, path: string): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    const own = this.units.get(path);
    if (event === 'unlink' && own) {
      clearTimeout(own.timer);
      clearTimeout(own.settle);
      this.units.delete(path);
      if (own.deployer.deployment) this.retired.push(own.deployer);
      this.printer.removed(own.label, own.deployer.deployment);
      return;
    }
    let hit = false;
    for (const u of this.units.values()) {
      if (u.inputs.has(path)) {
        hit = true;
        this.schedule(u, now);
        this.settleLater(u);
      }
    }
    // In a folder, a new component file (or one that just gained its default export) joins.
    if (!hit && this.root && (event === 'add' || event === 'change') && mayBeComponentPath(this.root, path) && (await hasDefaultExport(path))) {
      if (this.units.has(path) || this.closed) return;
      this.schedule(this.addUnit(path), now);
    }
  }

  private schedule(unit: Unit, changedAt: number): void {
    unit.changedAt ??= changedAt;
    clearTimeout(unit.timer);
    unit.timer = setTimeout(() => {
      unit.timer = undefined;
      const at = unit.changedAt;
      unit.changedAt = undefined;
      unit.chain = unit.chain.then(() => this.rebuild(unit, at));
    }, DEBOUNCE_MS);
  }

  /** Checks, after chokidar's quiet period, that no save went unseen. */
  private settleLater(unit: Unit): void {
    clearTimeout(unit.settle);
    unit.settle = setTimeout(async () => {
      if (this.closed || !this.units.has(unit.file)) return;
      if (unit.busy || unit.timer) return this.settleLater(unit);
      const now = await stampsOf(unit.inputs);
      if ([...now].some(([p, st]) => unit.stamps.get(p) !== st)) this.schedule(unit, Date.now());
    }, SETTLE_MS);
  }

  private async rebuild(unit: Unit, changedAt: number | undefined): Promise<void> {
    if (this.closed || !this.units.has(unit.file)) return;
    unit.busy = true;
    try {
      let built: BundledFile;
      try {
        built = await this.build(unit);
      } catch (err) {
        unit.broken = true;
        this.printer.error(unit.label, (err as Error).message, Boolean(unit.deployer.deployment));
        return;
      }
      await this.deploy(unit, built, false, changedAt);
      this.refreshWatch();
    } finally {
      unit.busy = false;
    }
  }

  /** Bundles the unit, noting what each input looked like when it was read. */
  private async build(unit: Unit): Promise<BundledFile> {
    const stamps = await stampsOf(unit.inputs);
    // Set before bundling: a build error must not look like an unseen save.
    unit.stamps = stamps;
    const built = await bundleFile(unit.file);
    for (const [p, st] of await stampsOf(built.inputs.filter((i) => !stamps.has(i)))) stamps.set(p, st);
    return built;
  }

  /** Follows the set of local imports: new ones are watched, ones no longer imported are not. */
  private refreshWatch(): void {
    if (!this.watcher || this.closed) return;
    const needed = new Set(this.root ? [this.root, ...this.outsideInputs()] : [...this.units.values()].flatMap((u) => [...u.inputs]));
    const add = [...needed].filter((p) => !this.watched.has(p));
    const drop = [...this.watched].filter((p) => !needed.has(p));
    if (add.length) this.watcher.add(add);
    if (drop.length) this.watcher.unwatch(drop);
    this.watched = needed;
  }

  /** In folder mode, imports from outside the folder (the folder itself is watched whole). */
  private outsideInputs(): string[] {
    const root = this.root!;
    return [...new Set([...this.units.values()].flatMap((u) => [...u.inputs]))].filter((p) => relative(root, p).startsWith('..'));
  }
}

async function stampsOf(paths: Iterable<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of paths) out.set(p, await stat(p).then((s) => `${s.mtimeMs}:${s.size}`, () => 'missing'));
  return out;
}
