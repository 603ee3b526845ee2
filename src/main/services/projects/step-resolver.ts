import { PYTHON_RUNTIME, type StepBody } from '../../../shared/api';
import type { ComponentDoc } from '../../store/document-types';
import type { ComponentCatalog } from '../../runtime/component-catalog';
import type { HostedProjectStep } from './hosted-project';
import { importProp, parseUses, stepName } from './project-mapping';
import { nonStdlibImports } from './python-imports';


export interface ResolvedStep {
  body: StepBody;
  report: { name: string; uses: string; status: 'ok' | 'disabled' | 'unresolved'; resolved_from?: 'code' | 'components' | 'registry' | 'npm'; reason?: string };
  /** The component found (not in a dry run): its app props name the accounts' apps. */
  component?: ComponentDoc;
}

export interface StepResolverDeps {
  catalog: ComponentCatalog;
  componentByKey(key: string): ComponentDoc | undefined;
  /** Component files given with the import (`--components <dir>`), path → code. */
  localComponents: Record<string, string>;
}

/**
 * A hosted step as a Runnel step body: code steps compiled (a failure keeps the step,
 * unresolved, with the compiler's message), registry actions looked up in the components
 * folder given, then in Runnel's registry, then in the app's npm package; Python steps as they are.
 */
export async function resolveStep(deps: StepResolverDeps, hs: HostedProjectStep, dryRun: boolean): Promise<ResolvedStep> {
  const name = stepName(hs.namespace);
  const configured = Object.fromEntries(Object.entries(hs.props).map(([k, v]) => [k, importProp(v)]));
  const hosted = {
    namespace: hs.namespace,
    uses: hs.uses,
    ...(hs.runtime ? { runtime: hs.runtime } : {}),
    ...(hs.notes !== undefined ? { notes: hs.notes } : {}),
    ...(hs.props_cursor !== undefined ? { props_cursor: hs.props_cursor } : {}),
    ...(Object.keys(hs.props).length ? { props: hs.props } : {}),
    ...(hs.noProps ? { no_props: true as const } : {}),
    ...(hs.configurable_props ? { configurable_props: hs.configurable_props } : {}),
    ...(hs.configurable_props_at !== undefined ? { configurable_props_at: hs.configurable_props_at } : {}),
  };
  const base = { name, configured_props: configured, ...(hs.disabled ? { disabled: true } : {}) };
  const okStatus = hs.disabled ? ('disabled' as const) : ('ok' as const);
  const unresolved = (reason: string, code?: string): ResolvedStep => ({
    body: { ...base, unresolved: reason, hosted: { ...hosted, ...(code !== undefined ? { code } : {}) } },
    report: { name, uses: hs.uses, status: 'unresolved', reason },
  });
  const use = parseUses(hs.uses);
  if (use.kind === 'unknown') return unresolved(`"${hs.uses}" is neither ./<step>/entry.js|py nor a registry action <app>-<action>@<version>`);
  if (use.kind === 'code') {
    if (use.language === 'py' || hs.runtime?.startsWith('python')) {
      // A Python step (entry.py): its declared props travel as `__configurableProps`, as hosted.
      const body = { ...base, configured_props: { ...configured, ...(hs.configurable_props ? { __configurableProps: hs.configurable_props } : {}) }, runtime: PYTHON_RUNTIME as typeof PYTHON_RUNTIME, code: hs.code ?? '', hosted };
      const extra = nonStdlibImports(body.code);
      const warning = extra.length ? { reason: `imports ${extra.join(', ')}, which ${extra.length > 1 ? 'are' : 'is'} not in the standard library: Python steps run offline with the standard library only, so this step fails at its first run until rewritten (urllib.request for HTTP, or a JavaScript step with npm packages)` } : {};
      return { body, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'code', ...warning } };
    }
    const code = hs.code ?? '';
    if (dryRun) return { body: { ...base, code, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'code' } };
    try {
      const component = await deps.catalog.saveInlineStep(code, name);
      return { body: { ...base, code, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'code' }, component };
    } catch (err) {
      return unresolved(`its code could not be loaded: ${(err as Error).message}`, code);
    }
  }
  const local = localComponent(deps.localComponents, use.key, use.version);
  if (local) {
    if (dryRun) return { body: { ...base, code: local, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'components' } };
    try {
      const component = await deps.catalog.save(local);
      return { body: { ...base, component_id: component.id, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'components' }, component };
    } catch (err) {
      return unresolved(`${hs.uses} was found in the components folder but could not be loaded: ${(err as Error).message}`);
    }
  }
  const registered = deps.componentByKey(use.key);
  if (registered && registered.type === 'action') {
    return { body: { ...base, component_id: registered.id, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'registry' }, component: registered };
  }
  const npm = npmAction(use.key);
  if (dryRun) return { body: { ...base, code: npm.code, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'npm', reason: `to be fetched from npm (${npm.pkg}) at import` } };
  try {
    const component = await deps.catalog.save(npm.code);
    const differs = component.version !== use.version ? `${npm.pkg} holds version ${component.version} of this action; the workflow named ${use.version}` : undefined;
    return { body: { ...base, component_id: component.id, hosted }, report: { name, uses: hs.uses, status: okStatus, resolved_from: 'npm', ...(differs ? { reason: differs } : {}) }, component };
  } catch (err) {
    return unresolved(
      `the action ${hs.uses} was not found: not in the components folder given (--components <dir>), not in Runnel's registry, and not fetched from npm as ${npm.pkg}/${npm.file} (${firstLine(err)}). Put the action's file (key "${use.key}") in a components folder and import again`,
    );
  }
}

/**
 * Where the hosted service publishes a registry action: the app's package `@pipedream/<app>`
 * (the app is the key's part before the first "-"), file `actions/<action>/<action>.mjs`.
 * The latest published package is used: its versions are the app's, not the action's.
 */
function npmAction(key: string): { pkg: string; file: string; code: string } {
  const dash = key.indexOf('-');
  const pkg = `@pipedream/${key.slice(0, dash)}`;
  const action = key.slice(dash + 1);
  const file = `actions/${action}/${action}.mjs`;
  return { pkg, file, code: `export { default } from "${pkg}/${file}";\n` };
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
}

/** The code among `files` whose `key` is `key`, preferring the one at `version`. */
function localComponent(files: Record<string, string>, key: string, version: string): string | undefined {
  const keyRe = new RegExp(`\\bkey\\s*:\\s*["'\`]${key.replace(/[-_]/g, (c) => `\\${c}`)}["'\`]`);
  const found = Object.values(files).filter((code) => keyRe.test(code));
  return found.find((code) => new RegExp(`\\bversion\\s*:\\s*["'\`]${version.replace(/\./g, '\\.')}["'\`]`).test(code)) ?? found[0];
}
