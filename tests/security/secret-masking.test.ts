// Issue 14, item 5: a run's error must never carry configured secrets (secret props, account
// credentials, http_request secrets) in clear into an API body, the store or an SSE frame;
// the log line already masks them, and every other place must do the same.
import { beforeAll, describe, expect, it } from 'vitest';
import { codeStep } from '../fixtures/components';
import { filesContaining, useService, waitFor } from '../helpers/service';
import { openSse } from '../helpers/sse';

const SECRET = 'prop_secret_5f3a9c1e';
const API_KEY = 'acct_key_7b2d4e6f';
const REQ_TOKEN = 'req_token_1c8e2a9d';
const STEP_SECRET = 'step_secret_9e4b7a21';
const ALL = [SECRET, API_KEY, REQ_TOKEN, STEP_SECRET];

const THROW = 'throw new Error("token=" + this.secret + " " + this.app.$auth.api_key + " " + this.req.auth.token)';
const PROPS = 'app: { type: "app", app: "leaky" }, secret: { type: "string", secret: true }, req: { type: "http_request" }';
const leakySource = (hooks = '') => `export default {
  name: "Leaky", version: "1",
  props: { ${PROPS} },
  ${hooks}
  async run() { ${THROW}; },
};`;

const noneInClear = (what: unknown) => {
  const text = typeof what === 'string' ? what : JSON.stringify(what);
  for (const s of ALL) expect(text, `${s} in clear`).not.toContain(s);
};

describe('configured secrets in run errors', () => {
  const svc = useService();
  let accountId = '';
  const configured = () => ({
    app: { account_id: accountId },
    secret: SECRET,
    req: { url: 'https://example.com/', auth: { type: 'bearer', token: REQ_TOKEN } },
  });

  beforeAll(async () => {
    accountId = (await svc.json('/v1/accounts', { method: 'POST', json: { app: 'leaky', auth: { api_key: API_KEY } } })).data.id;
  });

  it('masks them in the manual run response, the logs and every SSE frame', async () => {
    const feed = await openSse(`${svc.url}/v1/stream`, { authorization: `Bearer ${svc.apiKey}` });
    const src = await svc.createSource(leakySource(), { configured_props: configured() });
    const logSse = await openSse(`${svc.url}/sources/${src.id}/logs/sse`, { authorization: `Bearer ${svc.apiKey}` });

    const r = await svc.api(`/v1/sources/${src.id}/run`, { method: 'POST', json: {} });
    const text = await r.text();
    noneInClear(text);
    const { error } = JSON.parse(text).data;
    expect(error.message).toBe('token=******** ******** ********');
    expect(error.stack).toContain('token=******** ******** ********');

    const logs = await svc.logText(src.id);
    expect(logs).toContain('token=******** ******** ********');
    noneInClear(logs);
    await feed.waitForFrames(1);
    await logSse.waitForFrames(1);
    feed.close();
    logSse.close();
    for (const frames of [feed.frames, logSse.frames]) {
      expect(JSON.stringify(frames)).toContain('token=******** ******** ********');
      noneInClear(frames);
    }
  });

  it('masks them in the 422 of a hook that fails at deploy and at update', async () => {
    const deploy = await svc.api('/v1/sources', {
      method: 'POST',
      json: { component_code: leakySource(`hooks: { async deploy() { ${THROW}; } },`), configured_props: configured() },
    });
    expect(deploy.status).toBe(422);
    const body = await deploy.text();
    noneInClear(body);
    expect(JSON.parse(body).error.message).toContain('token=******** ******** ********');

    const src = await svc.createSource(leakySource(`hooks: { async activate() { if (this.db.get("armed")) { ${THROW}; } this.db.set("armed", true); } },`).replace('props: {', 'props: { db: "$.service.db", '), {
      configured_props: configured(),
    });
    const update = await svc.api(`/v1/sources/${src.id}`, { method: 'PUT', json: { active: true, name: 'again' } });
    expect(update.status).toBe(422);
    const updated = await update.text();
    noneInClear(updated);
    expect(JSON.parse(updated).error.message).toContain('token=******** ******** ********');
  });

  it('masks them in the answer of an additionalProps() that fails while the source is configured', async () => {
    const r = await svc.api('/v1/sources', {
      method: 'POST',
      json: { component_code: leakySource(`async additionalProps() { ${THROW}; },`), configured_props: configured() },
    });
    expect(r.status).toBe(422);
    const body = await r.text();
    noneInClear(body);
    expect(JSON.parse(body).error.message).toContain('token=******** ******** ********');
  });

  it('masks them in a workflow step\'s run record, its $errors event and the SSE frames, as stored and served', async () => {
    const feed = await openSse(`${svc.url}/v1/stream`, { authorization: `Bearer ${svc.apiKey}` });
    const wf = await svc.createWorkflow({
      name: 'Leaky step',
      trigger: { type: 'manual' },
      steps: [
        codeStep(
          'leak',
          `props: { ${PROPS}, other: { type: "string", secret: true } },
          async run() { throw new Error("token=" + this.secret + " " + this.other + " " + this.app.$auth.api_key + " " + this.req.auth.token); }`,
          { configured_props: { ...configured(), other: STEP_SECRET } },
        ),
      ],
    });
    const r = await svc.api(`/v1/workflows/${wf.id}/run`, { method: 'POST', json: { event: {} } });
    const text = await r.text();
    noneInClear(text);
    const run = JSON.parse(text).data;
    expect(run.status).toBe('error');
    expect(run.steps[0].error.message).toBe('token=******** ******** ******** ********');
    expect(run.steps[0].error.stack).toContain('token=******** ******** ******** ********');

    const stored = await svc.api(`/v1/workflows/${wf.id}/runs/${run.id}`);
    noneInClear(await stored.text());
    const errors = await svc.api(`/v1/workflows/${wf.id}/$errors/event_summaries?expand=event`);
    const errorsText = await errors.text();
    noneInClear(errorsText);
    const [e] = JSON.parse(errorsText).data;
    expect(e.event.error.message).toBe('token=******** ******** ******** ********');
    expect(e.event.error.stack).toContain('token=******** ******** ******** ********');
    expect(e.metadata.summary).toContain('token=********');
    noneInClear(await (await svc.api('/v1/outbox')).text());

    // The account feed carried the run as it went and the $errors event.
    await waitFor(() => feed.frames.some((f) => f.data.type === 'run' && f.data.run.status === 'error'));
    await waitFor(() => feed.frames.some((f) => f.data.type === 'emit' && f.data.frame.name === '$errors'));
    feed.close();
    expect(JSON.stringify(feed.frames)).toContain('token=******** ******** ******** ********');
    noneInClear(feed.frames);
  });

  it('never writes them in clear anywhere in the data dir', async () => {
    for (const s of ALL) expect(filesContaining(svc.dataDir, s), s).toEqual([]);
  });
});
