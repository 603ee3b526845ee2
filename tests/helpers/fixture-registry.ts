// A tiny npm registry for tests: serves the packages under tests/fixtures/npm (one folder per
// name and version) with the two requests npm makes when installing — the package document and
// the tarball — so package tests go through npm exactly as users do, without the network.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const FIXTURES = resolve('tests/fixtures/npm');

interface Packed {
  manifest: Record<string, unknown>;
  file: string;
  integrity: string;
  shasum: string;
}

export interface FixtureRegistry {
  /** The registry URL, for `npm_config_registry`. */
  url: string;
  /** Every request npm made, as `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
}

/** Packs every fixture package and serves them; resolves once it listens. */
export async function startFixtureRegistry(): Promise<FixtureRegistry> {
  const out = mkdtempSync(join(tmpdir(), 'runnel-fixture-registry-'));
  const packages = new Map<string, Map<string, Packed>>();
  // `@scope/name` packages sit one folder deeper.
  const names = readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => (d.name.startsWith('@') ? readdirSync(join(FIXTURES, d.name)).map((n) => `${d.name}/${n}`) : [d.name]));
  for (const name of names) {
    const versions = new Map<string, Packed>();
    for (const version of readdirSync(join(FIXTURES, name))) {
      const dir = join(FIXTURES, name, version);
      const [info] = JSON.parse(execFileSync('npm', ['pack', dir, '--pack-destination', out, '--json', '--loglevel=error'], { encoding: 'utf8' })) as {
        filename: string;
        integrity: string;
        shasum: string;
      }[];
      versions.set(version, { manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')), file: join(out, info.filename), integrity: info.integrity, shasum: info.shasum });
    }
    packages.set(name, versions);
  }
  const requests: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    requests.push(`${req.method} ${path}`);
    const tarball = /^\/(.+)\/-\/(.+\.tgz)$/.exec(path);
    if (tarball) {
      const found = [...(packages.get(tarball[1])?.values() ?? [])].find((p) => p.file.endsWith(`/${tarball[2]}`));
      if (!found) return void res.writeHead(404).end('{}');
      return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(found.file));
    }
    const versions = packages.get(path.slice(1));
    if (!versions) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    const list = [...versions.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const doc = {
      name: path.slice(1),
      'dist-tags': { latest: list[list.length - 1] },
      versions: Object.fromEntries(
        [...versions].map(([v, p]) => [v, { ...p.manifest, dist: { tarball: `${base}/${path.slice(1)}/-/${p.file.split('/').pop()}`, integrity: p.integrity, shasum: p.shasum } }]),
      ),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    requests,
    close: async () => {
      await new Promise((r) => server.close(r));
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/**
 * A fixture registry for the enclosing describe block; call before `useService(options)` so it
 * is up first: it points `options.env.npm_config_registry` at itself.
 */
export function useFixtureRegistry(options: { env?: Record<string, string> }): { readonly requests: string[] } {
  let registry: FixtureRegistry | undefined;
  beforeAll(async () => {
    registry = await startFixtureRegistry();
    options.env = { ...options.env, npm_config_registry: registry.url, npm_config_fetch_retries: '0' };
  });
  afterAll(() => registry?.close());
  return {
    get requests() {
      return registry?.requests ?? [];
    },
  };
}
