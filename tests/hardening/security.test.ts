// Every REST/SSE route refuses a missing or wrong key and a foreign Host; secrets never appear
// in clear in the data dir, the service's output or any answer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesContaining, useService } from '../helpers/service';
import { rawRequest } from './helpers/raw-http';
import { ROUTES } from './helpers/request-arbitraries';

const SECRET_PROP = 'sekret-prop-7d1c4e0b9a';
const SECRET_AUTH = 'sekret-auth-52f8a1c3e6';
const SECRET_LOGGED = 'sekret-logged-0e94b7d21f';

const SOURCE = `export default {
  name: "Keeper", key: "keeper", version: "0.0.1",
  props: {
    http: "$.interface.http",
    token: { type: "string", secret: true },
    github: { type: "app", app: "github" },
  },
  async run(event) {
    console.log("token is " + this.token + " and " + this.github.$auth.oauth_access_token + " and ${SECRET_LOGGED}");
    this.$emit({ seen: this.token.length === ${SECRET_PROP.length} && this.token.startsWith("sekret-prop-") });
  },
};`;

function fill(template: string, ids: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? 'x_unknown');
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

describe('security', () => {
  const svc = useService();

  async function seed(): Promise<Record<string, string>> {
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'github', name: 'sec', auth: { oauth_access_token: SECRET_AUTH } } })).data;
    const source = await svc.createSource(SOURCE, { configured_props: { token: SECRET_PROP, github: { account_id: account.id } } });
    const workflow = await svc.createWorkflow({ name: 'sec flow', trigger: { type: 'manual' }, steps: [{ name: 's', code: 'export default defineComponent({ async run() { return 1 } })' }] });
    const run = await svc.runWorkflow(workflow.id, {});
    return { source: source.id, workflow: workflow.id, run: run.id, account: account.id, component: source.component_id, key: 'keeper', prop: 'token', store: 'ds_x' };
  }

  it('refuses every route without the key, with a wrong key, and from a foreign Host', async () => {
    const ids = await seed();
    const host = new URL(svc.url).host;
    for (const [method, template] of ROUTES) {
      const path = fill(template, ids);
      const what = `${method} ${path}`;
      const none = await rawRequest(svc.url, { method, path, headers: { host } });
      expect(none.status, `${what} without a key`).toBe(401);
      expect(JSON.parse(none.body).error.code, what).toBe('unauthorized');
      const wrong = await rawRequest(svc.url, { method, path, headers: { host, authorization: `Bearer ${svc.apiKey}x` } });
      expect(wrong.status, `${what} with a wrong key`).toBe(401);
      const basic = await rawRequest(svc.url, { method, path, headers: { host, authorization: `Basic ${Buffer.from(`u:${svc.apiKey}`).toString('base64')}` } });
      expect(basic.status, `${what} with the key as Basic auth`).toBe(401);
      const foreign = await rawRequest(svc.url, { method, path, headers: { host: 'evil.example', authorization: `Bearer ${svc.apiKey}` } });
      expect(foreign.status, `${what} from a foreign Host`).toBe(403);
      expect(JSON.parse(foreign.body).error.code, what).toBe('forbidden_host');
      const rebound = await rawRequest(svc.url, { method, path, headers: { host: `evil.example:${new URL(svc.url).port}`, authorization: `Bearer ${svc.apiKey}` } });
      expect(rebound.status, `${what} from a rebinding Host with our port`).toBe(403);
    }
    // A session cookie that was never issued is no credential either.
    const forged = await rawRequest(svc.url, { method: 'GET', path: '/v1/users/me/sources', headers: { host, cookie: 'runnel_session=forged', 'sec-fetch-site': 'same-origin' } });
    expect(forged.status).toBe(401);
  });

  it('never shows a secret in clear: not in the data dir, the output, the logs or any answer', async () => {
    const ids = await seed();
    const source = (await svc.json(`/v1/sources/${ids.source}`)).data;
    const run = await svc.runSource(ids.source, { body: {} });
    expect(run.ok, JSON.stringify(run)).toBe(true);
    const events = await svc.events(ids.source);
    expect(events[0].event).toEqual({ seen: true });

    const answers: string[] = [JSON.stringify(source)];
    for (const [method, template] of ROUTES) {
      if (method !== 'GET' || template.endsWith('/sse') || template.endsWith('/stream')) continue;
      const r = await svc.api(fill(template, ids));
      answers.push(`${template} ${await r.text()}`);
    }
    const all = answers.join('\n');
    expect(all).toContain('********');
    for (const secret of [SECRET_PROP, SECRET_AUTH]) {
      expect(all, 'an API answer').not.toContain(secret);
      expect(svc.stdout() + svc.stderr(), 'the service output').not.toContain(secret);
      expect(filesContaining(svc.dataDir, secret), 'files of the data dir').toEqual([]);
    }
    // The log line keeps its other text; the secrets in it are scrubbed.
    const logs = await svc.logText(ids.source);
    expect(logs).toContain(SECRET_LOGGED);
    expect(logs).not.toContain(SECRET_PROP);
    expect(logs).not.toContain(SECRET_AUTH);
    // Every file was read, including compacted and temporary ones.
    const files = walk(svc.dataDir);
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) expect(readFileSync(f).includes(SECRET_PROP), f).toBe(false);
  });
});
