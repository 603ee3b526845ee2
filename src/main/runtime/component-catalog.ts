import { RunnelError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import type { SavedComponent } from '../../shared/resources';
import type { ComponentMeta } from '../domain/components';
import type { Sandbox } from '../domain/sandbox';
import type { Clock } from '../scheduler/clock';
import type { ComponentDoc } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { Logger } from '../logger';
import { compileComponent, sourceHash } from './compile-component';
import { packageAt } from './packages/package-blame';
import type { PackageCache } from './packages/package-cache';
import { checkDeclaredProps, configurableProps } from '../engine/props/props';
import { PYTHON_RUNTIME } from '../../shared/api';
import { pythonStepDoc } from './python-steps';

const DEDUPE = new Set(['unique', 'greatest', 'last']);

/**
 * A component's code as the user wrote it (what is stored and shown), with the name of its file,
 * which stack traces name, and — when the CLI inlined the file's local imports — the bundle that
 * runs in its place (its inline source map names the user's files).
 */
export interface ComponentCode {
  code: string;
  filename?: string;
  bundle?: string;
}

/** The code of a request body (`component_code` or a step's `code`) with its `component_filename` and `component_bundle`. */
export function codeOf(code: string, body: { component_filename?: string; component_bundle?: string }): ComponentCode {
  return { code, ...(body.component_filename !== undefined ? { filename: body.component_filename } : {}), ...(body.component_bundle !== undefined ? { bundle: body.component_bundle } : {}) };
}

/** Saved components: code checked in the sandbox, then kept by id and by key. */
export class ComponentCatalog {
  constructor(
    private readonly docs: DocumentStore,
    private readonly sandbox: Sandbox,
    private readonly clock: Clock,
    private readonly packages?: PackageCache,
    private readonly logger?: Logger,
  ) {}

  /** Saves a component (or returns the saved one with the same code). */
  save(code: string | ComponentCode): Promise<ComponentDoc> {
    return this.saveAs(code, undefined);
  }

  /** Saves a registry component; `check` refuses it (before anything is stored) if its key or version do not fit. */
  saveToRegistry(code: string, kind: 'builtin' | 'published', check: (doc: Pick<ComponentDoc, 'key' | 'version' | 'props'>) => void): Promise<ComponentDoc> {
    return this.saveAs(code, undefined, { kind, check });
  }

  /** Deletes a saved component that nothing uses; built-ins stay. */
  async remove(id: string): Promise<void> {
    const doc = this.get(id);
    if (doc.registry === 'builtin') throw new RunnelError('conflict', `${doc.key} ships with Runnel and cannot be deleted`);
    const users = [
      ...this.docs.data.sources.filter((s) => s.component_id === doc.id).map((s) => s.id),
      ...this.docs.data.workflows.filter((w) => w.steps.some((st) => st.component_id === doc.id)).map((w) => w.id),
    ];
    if (users.length > 0) throw new RunnelError('conflict', `Component ${doc.id} is used by ${users.join(', ')}; update or delete them first`);
    await this.docs.update((d) => {
      d.components = d.components.filter((c) => c.id !== doc.id);
    });
  }

  /**
   * Saves a workflow's inline code step (`defineComponent({ props, run })`): name and version
   * are optional there, and it always runs as an action.
   */
  saveInlineStep(code: string | ComponentCode, stepName: string): Promise<ComponentDoc> {
    return this.saveAs(code, stepName);
  }

  /** Saves a workflow's inline Python step as written: never compiled nor run to inspect it (python-steps.ts). */
  async savePythonStep(code: string, stepName: string): Promise<ComponentDoc> {
    const existing = this.docs.data.components.find((c) => c.runtime === PYTHON_RUNTIME && c.code === code);
    if (existing) return existing;
    const doc = pythonStepDoc(code, stepName, Math.floor(this.clock.now() / 1000));
    await this.docs.update((d) => {
      d.components.push(doc);
    });
    return doc;
  }

  private async saveAs(
    input: string | ComponentCode,
    inlineStep: string | undefined,
    registry?: { kind: 'builtin' | 'published'; check(doc: Pick<ComponentDoc, 'key' | 'version' | 'props'>): void },
  ): Promise<ComponentDoc> {
    const inline = inlineStep !== undefined;
    const { code, filename, bundle } = typeof input === 'string' ? { code: input } : input;
    // Known code needs no compiling (and no package fetch): the hash is of the source text (and
    // of the bundle that runs in its place: the same file with other local imports is other code).
    // Code alone hashes as it always has; with a name or a bundle, the three as one unambiguous tuple.
    const hash = filename === undefined && bundle === undefined ? sourceHash(code) : sourceHash(JSON.stringify([code, filename ?? null, bundle ?? null]));
    const existing = this.docs.data.components.find((c) => c.code_hash === hash && !!c.inline === inline);
    if (existing && (!registry || existing.registry)) return existing;
    const compiled = await compileComponent(bundle ?? code, { packages: this.packages, ...(bundle === undefined && filename !== undefined ? { filename } : {}) });
    let meta: ComponentMeta;
    try {
      meta = await this.sandbox.inspect(compiled.code, hash);
    } catch (err) {
      if (err instanceof RunnelError) throw err;
      const e = err as Error;
      const pkg = compiled.packages.length > 0 ? packageAt(compiled.code, e.stack) : undefined;
      if (pkg) throw new RunnelError('invalid_component', `The npm package "${pkg}" does not work in Runnel's sandbox: ${e.name}: ${e.message}`, { package: pkg });
      throw new RunnelError('invalid_component', `The component could not be loaded: ${e.message}`);
    }
    const fields = inline
      ? validateMeta({ ...meta, name: meta.name ?? inlineStep, version: meta.version ?? '0.0.0', type: 'action' })
      : validateMeta(meta);
    registry?.check(fields);
    if (existing && registry) {
      // The same code saved privately before: it joins the registry.
      await this.docs.update(() => {
        existing.registry = registry.kind;
      });
      return existing;
    }
    const now = Math.floor(this.clock.now() / 1000);
    const doc: ComponentDoc = {
      id: newId('sc'),
      code,
      code_hash: hash,
      compiled: compiled.code,
      ...fields,
      ...(inline ? { inline: true } : {}),
      ...(filename !== undefined ? { filename } : {}),
      ...(registry ? { registry: registry.kind } : {}),
      created_at: now,
      updated_at: now,
    };
    await this.docs.update((d) => {
      d.components.push(doc);
    });
    return doc;
  }

  /** By saved id, if there is one. */
  find(id: string): ComponentDoc | undefined {
    return this.docs.component(id);
  }

  /** By saved id (`sc_…`) or by key (newest saved version). */
  get(idOrKey: string): ComponentDoc {
    const doc = this.docs.component(idOrKey) ?? this.docs.componentByKey(idOrKey);
    if (!doc) throw new RunnelError('not_found', `No component with id or key "${idOrKey}"`);
    return doc;
  }

  view(doc: ComponentDoc): SavedComponent {
    return {
      id: doc.id,
      code: doc.code,
      code_hash: doc.code_hash,
      name: doc.name,
      key: doc.key,
      version: doc.version,
      description: doc.description,
      type: doc.type,
      configurable_props: configurableProps(doc.props),
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    };
  }
}

type MetaFields = Pick<ComponentDoc, 'name' | 'key' | 'version' | 'description' | 'type' | 'dedupe' | 'props' | 'hooks' | 'has_run' | 'has_additional_props'>;

/** The checks of spec 2.8 on what the module exported. Unknown top-level keys are ignored. */
export function validateMeta(meta: ComponentMeta): MetaFields {
  const bad = (msg: string) => new RunnelError('invalid_component', msg);
  if (typeof meta.name !== 'string' || meta.name.trim() === '') throw bad('The component needs a "name" (a non-empty string)');
  if (typeof meta.version !== 'string' || meta.version.trim() === '') throw bad('The component needs a "version" (a string such as "0.0.1")');
  if (meta.key !== undefined && (typeof meta.key !== 'string' || meta.key.trim() === '')) throw bad('"key" must be a non-empty string');
  if (meta.type !== undefined && meta.type !== 'source' && meta.type !== 'action') throw bad('"type" must be "source" or "action"');
  if (meta.dedupe !== undefined && (typeof meta.dedupe !== 'string' || !DEDUPE.has(meta.dedupe))) {
    throw bad('"dedupe" must be "unique", "greatest" or "last"');
  }
  checkDeclaredProps(meta.props);
  const type = meta.type === 'action' ? 'action' : 'source';
  const hasTimer = meta.props.some((p) => p.type === '$.interface.timer');
  if (!meta.hasRun && !(type === 'source' && hasTimer)) {
    throw bad('The component needs a "run" method (only a source with a timer may leave it out)');
  }
  return {
    name: meta.name.trim(),
    key: typeof meta.key === 'string' ? meta.key.trim() : null,
    version: meta.version.trim(),
    description: typeof meta.description === 'string' ? meta.description : null,
    type,
    dedupe: (meta.dedupe as ComponentDoc['dedupe']) ?? null,
    props: meta.props,
    hooks: meta.hooks,
    has_run: meta.hasRun,
    has_additional_props: meta.hasAdditionalProps,
  };
}
