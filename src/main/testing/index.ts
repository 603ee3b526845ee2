// runnel/testing: unit-test a component from vitest, jest or node:test without a running
// service. Each loaded component gets its own sandbox runner child process (the built
// runner.js, the service's own), so SES lockdown() never touches the test runner's process.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import envPaths from 'env-paths';
import { silentLogger } from '../logger';
import { ComponentConfig } from '../runtime/component-config';
import { PackageCache } from '../runtime/packages/package-cache';
import { RunnerPool } from '../sandbox/client/runner-pool';
import type { ComponentDoc } from '../store/document-types';
import { DATA_STORE_PROP } from '../../shared/data-stores';
import { compileFile } from './compile-file';
import { ComponentStores } from './data-stores';
import * as events from './events';
import type * as Api from './public';
import { LoadedComponent, TEST_ENDPOINT as ENDPOINT } from './test-component';
import { openTestWorkflow } from './test-workflow';

export type {
  ActionRunOptions,
  ActionRunResult,
  ComponentError,
  DataStoreRecord,
  DataStoreSeed,
  EmittedEvent,
  HttpEventOptions,
  HttpResponse,
  LoadOptions,
  LogEntry,
  SendCall,
  SourceRunResult,
  TestComponent,
  TestDataStore,
  TestEvent,
  TestWorkflow,
  WorkflowOptions,
  WorkflowRunRecord,
} from './public';

/**
 * The built runner: beside this file once built (out/main/testing.js), or the repository's
 * build when this module runs from source (Runnel's own tests). RUNNEL_RUNNER_ENTRY overrides.
 */
function runnerEntry(): string {
  const candidates = [
    process.env.RUNNEL_RUNNER_ENTRY,
    fileURLToPath(new URL('./runner.js', import.meta.url)),
    fileURLToPath(new URL('../../../out/main/runner.js', import.meta.url)),
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('runnel/testing: the sandbox runner is not built (run `npm run build` in the runnel package)');
  return found;
}

function packagesDir(o: Api.LoadOptions): string {
  return o.packagesDir ?? process.env.RUNNEL_PACKAGES_DIR ?? join(envPaths('runnel', { suffix: '' }).cache, 'packages');
}

/** A test's own sandbox: a temp folder, its data stores, the scratch root and one runner. */
async function openSandbox(o: { memoryCapMb?: number }) {
  // The component's folder: its /tmp, and its data stores out of the component's reach.
  const dir = await mkdtemp(join(tmpdir(), 'runnel-testing-'));
  const stores = new ComponentStores(join(dir, 'data-stores'));
  // The runner may write only here: not beside it, where the data stores are.
  const scratchRoot = join(dir, 'scratch');
  await mkdir(scratchRoot, { mode: 0o700 });
  const pool = new RunnerPool({ runnerEntry: runnerEntry(), maxRunners: 1, logger: silentLogger, memoryCapMb: o.memoryCapMb ?? 256, dataStores: stores, scratchRoot });
  const cleanup = async () => {
    await pool.dispose();
    await stores.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { dir, stores, scratchRoot, pool, cleanup };
}

export const loadComponent: typeof Api.loadComponent = async (file, o = {}) => {
  const { dir, stores, scratchRoot, pool, cleanup } = await openSandbox(o);
  try {
    const packages = new PackageCache({ dir: packagesDir(o), logger: silentLogger });
    const compiled = await compileFile(file, pool, packages, o.onProgress);
    for (const p of compiled.fields.props) {
      if (p.type === DATA_STORE_PROP && o.props?.[p.name] !== undefined) {
        throw new Error(`runnel/testing: prop "${p.name}" is a data store: give its records with the dataStores option, not props`);
      }
    }
    const configured = { ...o.props, ...(await stores.assign(compiled.fields.props, o.dataStores)) };
    // additionalProps() runs as on deploy, so the props it adds are checked and defaulted too.
    const doc = { id: 'sc_test', code: '', compiled: compiled.code, code_hash: compiled.codeHash, ...compiled.fields, created_at: 0, updated_at: 0 } as ComponentDoc;
    const props = await new ComponentConfig(pool).props(doc, configured);
    return new LoadedComponent({
      pool,
      code: compiled.code,
      codeHash: compiled.codeHash,
      fields: compiled.fields,
      props,
      configured,
      auth: o.auth ?? {},
      db: o.db ?? {},
      stores,
      timeoutMs: (o.timeoutSeconds ?? 30) * 1000,
      env: { ...o.env },
      dir,
      scratchDir: join(scratchRoot, 'sc_test'),
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
};

export const loadWorkflow: typeof Api.loadWorkflow = async (o) => {
  const { scratchRoot, pool, stores, cleanup } = await openSandbox(o);
  try {
    const wf = await openTestWorkflow(o, pool, new PackageCache({ dir: packagesDir(o), logger: silentLogger }), scratchRoot, stores);
    return {
      ...wf,
      async close() {
        await wf.close();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
};

export const timerEvent: typeof Api.timerEvent = events.timerEvent;
export const httpEvent: typeof Api.httpEvent = events.httpEvent;
export const fixture: typeof Api.fixture = events.fixture;
export const TEST_ENDPOINT: typeof Api.TEST_ENDPOINT = ENDPOINT;
