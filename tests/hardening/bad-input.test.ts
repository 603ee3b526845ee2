// Generated hostile requests across every REST route: no 5xx, no crash, every 4xx a JSON error,
// and nothing stored changes when a request is refused. RUNNEL_FUZZ_RUNS sets how many
// (npm test: 2,500; npm run test:hardening: 12,000).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { rawBytes, rawRequest, type RawAnswer } from './helpers/raw-http';
import { requestArbitrary, ROUTES, type GeneratedRequest, type Seeds } from './helpers/request-arbitraries';

const RUNS = Number(process.env.RUNNEL_FUZZ_RUNS ?? 2_500);
const API_KEY = 'fuzz-key-0123456789abcdef0123456789abcdef';

const HTTP_SOURCE = `export default {
  name: "Fuzz target", key: "fuzz-target", version: "0.0.1",
  props: { http: "$.interface.http", db: "$.service.db", label: { type: "string", optional: true } },
  async run(event) { this.$emit({ body: event.body ?? null }); },
};`;
const ACTION = `export default {
  name: "Fuzz action", key: "fuzz-action", version: "0.0.1", type: "action",
  props: { n: { type: "integer", optional: true } },
  async run({ $ }) { return this.n ?? 0; },
};`;

/** What a user can read of everything stored; a refused request must leave it as it was. */
const SNAPSHOT_PATHS = (seeds: Seeds) => [
  '/v1/users/me/sources',
  '/v1/users/me/workflows',
  '/v1/users/me/components',
  '/v1/users/me/subscriptions',
  '/v1/accounts',
  '/v1/settings',
  '/v1/components/registry',
  '/v1/data_stores',
  ...seeds.source!.map((id) => `/v1/sources/${id}/event_summaries?expand=event`),
  ...seeds.workflow!.map((id) => `/v1/workflows/${id}/runs`),
  ...(seeds.store ?? []).map((id) => `/v1/data_stores/${id}/records`),
];

/**
 * Data store records with a TTL change on their own (they count down, then vanish), so a store
 * listing is compared without them, their `ttl`, record counts and page totals.
 */
function withoutClock(path: string, text: string): string {
  if (!path.startsWith('/v1/data_stores')) return text;
  try {
    const items = (JSON.parse(text) as { data?: Record<string, unknown>[] }).data ?? [];
    return JSON.stringify(items.filter((x) => x.expires_at === undefined || x.expires_at === null).map(({ ttl: _t, record_count: _c, ...rest }) => rest));
  } catch {
    return text;
  }
}

describe('bad input on every REST route', () => {
  const svc = useService({ env: { RUNNEL_API_KEY: API_KEY } });

  async function seed(): Promise<Seeds> {
    const source = await svc.createSource(HTTP_SOURCE, { name: 'fuzz source' });
    const action = (await svc.json('/v1/components', { method: 'POST', json: { component_code: ACTION } })).data;
    const workflow = await svc.createWorkflow({ name: 'fuzz flow', trigger: { type: 'manual' }, steps: [{ name: 'add', component_id: action.id, props: { n: 2 } }] });
    await svc.runWorkflow(workflow.id, { hi: 1 });
    await svc.runSource(source.id, { body: { seeded: true } });
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'github', name: 'fuzz', auth: { oauth_access_token: 'tok-fuzz' } } })).data;
    await svc.json(`/v1/subscriptions?emitter_id=${source.id}&listener_id=${workflow.id}&event_name=`, { method: 'POST' });
    const runs = (await svc.json(`/v1/workflows/${workflow.id}/runs`)).data;
    const stores = await svc.api('/v1/data_stores', { method: 'POST', json: { name: 'fuzz store' } });
    const store = stores.ok ? ((await stores.json()) as { data: { id: string } }).data : undefined;
    if (store) await svc.api(`/v1/data_stores/${store.id}/records/k1`, { method: 'PUT', json: { value: { a: 1 } } });
    return {
      component: [action.id, source.component_id, 'fuzz-target'],
      prop: ['label', 'n', 'http'],
      key: ['k1', 'fuzz-action', 'rss-new-item-in-feed'],
      source: [source.id],
      workflow: [workflow.id],
      run: runs.map((r: { id: string }) => r.id),
      account: [account.id],
      store: store ? [store.id] : [],
    };
  }

  async function snapshot(seeds: Seeds): Promise<string> {
    const parts = await Promise.all(
      SNAPSHOT_PATHS(seeds).map(async (p) => {
        const r = await svc.api(p);
        return `${p} ${r.status} ${withoutClock(p, await r.text())}`;
      }),
    );
    return parts.join('\n');
  }

  /**
   * What is stored once the work an accepted request started has finished: a source's run can
   * emit to a subscribed workflow, whose run lands a moment later. Taken as the next `before`,
   * so that it is not mistaken for a change made by the refused request after it.
   */
  async function settled(seeds: Seeds, first: string): Promise<string> {
    let last = first;
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const next = await snapshot(seeds);
      if (next === last && !next.includes('"status":"running"')) return next;
      last = next;
    }
    return last;
  }

  function checkAnswer(req: GeneratedRequest, a: RawAnswer): void {
    const what = `${req.method} ${req.path.slice(0, 300)} (${req.route}) → ${a.status} ${a.body.slice(0, 300)}`;
    expect(a.status, what).toBeLessThan(500);
    // `..` segments can resolve to the web UI's pages (HTML), which are not REST answers.
    const resolved = new URL(req.path, 'http://x').pathname;
    if (a.status >= 400 && /^\/(v1|sources|workflows)\//.test(resolved)) {
      expect(String(a.headers['content-type']), what).toMatch(/^application\/json/);
      const parsed = JSON.parse(a.body) as { error?: { code?: unknown; message?: unknown } };
      expect(typeof parsed.error?.code, what).toBe('string');
      expect(typeof parsed.error?.message, what).toBe('string');
    }
  }

  it(`answers ${RUNS} generated requests with no 5xx, JSON errors, and no change on refusal`, { timeout: 20 * 60_000 }, async () => {
    const seeds = await seed();
    let before = await snapshot(seeds);
    const statuses = new Map<number, number>();
    const routesHit = new Set<string>();

    await fc.assert(
      fc.asyncProperty(requestArbitrary(seeds, API_KEY), async (req) => {
        const a = await rawRequest(svc.url, req);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        routesHit.add(req.route);
        checkAnswer(req, a);
        if (req.method === 'GET') return;
        const after = await snapshot(seeds);
        if (a.status >= 400 && after !== before) {
          const changed = after.split('\n').filter((line) => !before.split('\n').includes(line));
          expect.fail(`${req.method} ${req.path.slice(0, 200)} was refused (${a.status} ${a.body.slice(0, 200)}) but changed stored data:\n${changed.map((l) => l.slice(0, 400)).join('\n')}`);
        }
        before = a.status >= 400 ? after : await settled(seeds, after);
      }),
      { numRuns: RUNS, endOnFailure: true, ...(process.env.RUNNEL_FUZZ_SEED ? { seed: Number(process.env.RUNNEL_FUZZ_SEED) } : {}) },
    );

    expect(routesHit.size).toBe(ROUTES.length);
    expect(svc.proc.exitCode).toBeNull();
    expect((await svc.api('/v1/system')).status).toBe(200);
    // Most generated requests are refused; some pass validation and do their work.
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    expect(svc.stderr()).not.toMatch(/unexpected error|Uncaught|FATAL/i);
  });

  it('answers malformed HTTP with a 4xx and keeps serving', async () => {
    const host = `Host: ${new URL(svc.url).host}\r\n`;
    const auth = `Authorization: Bearer ${API_KEY}\r\n`;
    const cases = [
      'GARBAGE\r\n\r\n',
      `GET /v1/system HTTP/9.9\r\n${host}\r\n`,
      `GET /v1/system\r\n\r\n`,
      `POST /v1/sources HTTP/1.1\r\n${host}${auth}Content-Length: 5\r\nContent-Length: 7\r\n\r\n{}{}{}{}`,
      `POST /v1/sources HTTP/1.1\r\n${host}${auth}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `POST /v1/sources HTTP/1.1\r\n${host}${auth}Content-Length: -1\r\n\r\n`,
      `GET /v1/system HTTP/1.1\r\n${host}${auth}X-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
      `GET /v1/sys\x00tem HTTP/1.1\r\n${host}${auth}\r\n`,
      `GET /v1/system HTTP/1.1\r\n${host}${auth}Bad Header Name: 1\r\n\r\n`,
    ];
    for (const bytes of cases) {
      const answer = await rawBytes(svc.url, bytes);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      if (status !== 0) {
        expect(status, JSON.stringify(bytes.slice(0, 120))).toBeGreaterThanOrEqual(400);
        expect(status, JSON.stringify(bytes.slice(0, 120))).toBeLessThan(500);
        expect(answer, JSON.stringify(bytes.slice(0, 120))).toMatch(/\r\n\r\n\{"error":\{"code":"[a-z_]+","message":"[^"]+"/);
      }
    }
    expect((await svc.api('/v1/system')).status).toBe(200);
  });
});
