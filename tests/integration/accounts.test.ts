import { describe, expect, it } from 'vitest';
import { filesContaining, useService } from '../helpers/service';

const TOKEN = 'ghp_account_token_123456';

const githubSource = `const github = { type: "app", app: "github", methods: { token() { return this.$auth.oauth_access_token; } } };
export default {
  name: "Uses GitHub", version: "1",
  props: { github, repo: { type: "string", default: "runnel" } },
  async run() { this.$emit({ direct: this.github.$auth.oauth_access_token.length, viaMethod: this.github.token().length, repo: this.repo }); },
};`;

describe('connected accounts and $auth', () => {
  const svc = useService();

  it('keeps accounts with masked credentials, and gives app props their $auth', async () => {
    const created = await svc.api('/v1/accounts', { method: 'POST', json: { app: 'github', name: 'Work', auth: { oauth_access_token: TOKEN } } });
    const text = await created.text();
    expect(created.status).toBe(200);
    expect(text).not.toContain(TOKEN);
    const account = JSON.parse(text).data;
    expect(account).toMatchObject({ id: expect.stringMatching(/^apn_/), app: 'github', name: 'Work', auth: { oauth_access_token: '********' } });
    expect((await svc.json('/v1/accounts')).data.map((a: { id: string }) => a.id)).toContain(account.id);
    expect((await svc.json(`/v1/accounts/${account.id}`)).data.auth).toEqual({ oauth_access_token: '********' });

    const src = await svc.createSource(githubSource, { configured_props: { github: { account_id: account.id } } });
    expect((await svc.runSource(src.id)).emitted[0].event).toEqual({ direct: TOKEN.length, viaMethod: TOKEN.length, repo: 'runnel' });

    const inUse = await svc.api(`/v1/accounts/${account.id}`, { method: 'DELETE' });
    expect(inUse.status).toBe(409);
    expect((await inUse.json()).error.message).toContain(src.id);

    expect(filesContaining(svc.dataDir, TOKEN)).toEqual([]);
  });

  it('needs no account for apps without auth, and refuses a wrong or unknown account', async () => {
    const rss = `export default { name: "Feed", version: "1", props: { rss: { type: "app", app: "rss" } }, async run() { this.$emit({ auth: this.rss.$auth }); } }`;
    const src = await svc.createSource(rss);
    expect((await svc.runSource(src.id)).emitted[0].event).toEqual({ auth: {} });
    const slack = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'slack', auth: { bot_token: 'x' } } })).data;
    const wrong = await svc.api('/v1/sources', { method: 'POST', json: { component_code: githubSource, configured_props: { github: { account_id: slack.id } } } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toMatch(/needs a github account/);
    const unknown = await svc.api('/v1/sources', { method: 'POST', json: { component_code: githubSource, configured_props: { github: { account_id: 'apn_nope' } } } });
    expect(unknown.status).toBe(400);
    expect((await svc.api('/v1/accounts', { method: 'POST', json: { app: 'Not A Slug!', auth: {} } })).status).toBe(400);
    expect((await svc.api('/v1/accounts/apn_nope')).status).toBe(404);
    const updated = (await svc.json(`/v1/accounts/${slack.id}`, { method: 'PUT', json: { name: 'Renamed', auth: { bot_token: 'y', extra: 'z' } } })).data;
    expect(updated).toMatchObject({ name: 'Renamed', auth: { bot_token: '********', extra: '********' } });
    // The mask sent back keeps the stored value; omitted keys are removed.
    await svc.json(`/v1/accounts/${slack.id}`, { method: 'PUT', json: { auth: { bot_token: '********', other: 'w' } } });
    const echo = `export default { name: "Echo", version: "1", props: { slack: { type: "app", app: "slack" } }, async run() { this.$emit(this.slack.$auth); } }`;
    const reader = await svc.createSource(echo, { configured_props: { slack: { account_id: slack.id } } });
    expect((await svc.runSource(reader.id)).emitted[0].event).toEqual({ bot_token: 'y', other: 'w' });
    await svc.json(`/v1/sources/${reader.id}`, { method: 'DELETE' });
    expect((await svc.api(`/v1/accounts/${slack.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('gives workflow steps $auth from an account', async () => {
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'github', auth: { oauth_access_token: TOKEN } } })).data;
    const wf = await svc.createWorkflow({
      name: 'Auth step',
      trigger: { type: 'manual' },
      steps: [
        {
          name: 's',
          code: 'export default defineComponent({ props: { github: { type: "app", app: "github" } }, async run() { return this.github.$auth.oauth_access_token.length; } })',
          configured_props: { github: { account_id: account.id } },
        },
      ],
    });
    expect((await svc.runWorkflow(wf.id)).steps[0].$return_value).toBe(TOKEN.length);
    // A step refused for an account of another app: the answer says which step, beside the prop.
    const step = (name: string, app: string) => ({ name, code: `export default defineComponent({ props: { gh: { type: "app", app: "${app}" } }, async run() {} })`, configured_props: { gh: { account_id: account.id } } });
    const wrong = await svc.api('/v1/workflows', { method: 'POST', json: { name: 'Wrong app', trigger: { type: 'manual' }, steps: [step('first', 'github'), step('second', 'slack')] } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatchObject({ code: 'invalid_props', message: expect.stringMatching(/^Prop "gh" needs a slack account/), details: { prop: 'gh', step: 'second' } });
  });

  it('resolves propDefinition from the app, with overrides, inputValues and the app as this in options', async () => {
    const account = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'github', auth: { oauth_access_token: 'tok' } } })).data;
    const code = `const github = {
      type: "app", app: "github",
      propDefinitions: {
        repo: { type: "string", label: "Repository", description: "From the app", async options({ page, org }) { return [org + "/" + this.prefix() + page]; } },
      },
      methods: { prefix() { return "r-" + this.$auth.oauth_access_token + "-"; } },
    };
    export default {
      name: "Borrows", key: "github-borrows", version: "1.0.0",
      props: { github, org: { type: "string" }, repo: { propDefinition: [github, "repo", (c) => ({ org: c.org })], description: "Overridden" } },
      async run() { this.$emit({ repo: this.repo }); },
    };`;
    const comp = (await svc.json('/v1/components', { method: 'POST', json: { component_code: code } })).data;
    const repo = comp.configurable_props.find((p: { name: string }) => p.name === 'repo');
    expect(repo).toMatchObject({ type: 'string', label: 'Repository', description: 'Overridden', remoteOptions: true });
    const opts = await svc.json(`/v1/components/${comp.id}/props/repo/options`, {
      method: 'POST',
      json: { configured_props: { org: 'acme', github: { account_id: account.id } }, page: 2 },
    });
    expect(opts.data.options).toEqual(['acme/r-tok-2']);
    const bad = await svc.api('/v1/sources', { method: 'POST', json: { component_id: comp.id, configured_props: { org: 'acme', repo: 5, github: { account_id: account.id } } } });
    expect((await bad.json()).error.message).toMatch(/"repo" must be a string/);
  });

  it('deploys an app prop with no connected account; reading a credential then fails clearly', async () => {
    // A CommonJS source whose app definition names the app and nothing else (as an app that
    // needs no credentials does): written for this test after the pattern of such registry apps.
    const hn = `const hacker_news = { type: "app", app: "hacker_news" };
      module.exports = {
        name: "Top stories", version: "0.0.1",
        props: { hacker_news, db: "$.service.db" },
        async run() {
          const auth = this.hacker_news.$auth;
          this.$emit({ keys: Object.keys(auth), has: "api_key" in auth, json: JSON.stringify(auth), spread: { ...auth } });
        },
      };`;
    const src = await svc.createSource(hn);
    const ok = await svc.runSource(src.id);
    expect(ok.ok, JSON.stringify(ok.error)).toBe(true);
    expect(ok.emitted[0].event).toEqual({ keys: [], has: false, json: '{}', spread: {} });

    // The same with an app that does need credentials: it deploys; the read fails, saying what to do.
    const gh = await svc.createSource(githubSource);
    const r = await svc.runSource(gh.id);
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/^Runnel: this\.github\.\$auth\.oauth_access_token is not set: prop "github" has no connected github account/);
    expect(r.error.message).toContain('POST /v1/accounts {"app": "github"');
    expect(r.error.message).toContain('{"account_id": "apn_…"}');
  });
});
