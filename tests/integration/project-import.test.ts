// Import and export of the hosted service's synced project format (issue 17): a fixture project
// covering every field seen in synced repositories is imported over REST, its workflows run over
// HTTP and the virtual clock, imported again in place, and exported and imported back.
import { describe, expect, it } from 'vitest';
import { useFixtureRegistry } from '../helpers/fixture-registry';
import { useService } from '../helpers/service';
import { COMPONENTS, HOSTED_BASIC, projectFiles } from '../helpers/project-files';

const options: { env?: Record<string, string> } = {};

describe('importing a synced project', () => {
  // Registry actions not found locally are fetched from the app's npm package: here from a registry of the test's own.
  const registry = useFixtureRegistry(options);
  const svc = useService(options);
  const files = projectFiles(HOSTED_BASIC);
  const components = projectFiles(COMPONENTS);
  const importProject = (extra: object = {}) => svc.json('/v1/projects/import', { method: 'POST', json: { files, components, ...extra } }).then((r) => r.data);
  const byId = (report: any, id: string) => report.workflows.find((w: any) => w.hosted_id === id);

  it('previews with dry_run, changing nothing', { timeout: 60_000 }, async () => {
    const report = await importProject({ dry_run: true });
    expect(report.dry_run).toBe(true);
    expect(report.project_id).toBe('repo_2Fx8Kq1Lm');
    expect(report.workflows.map((w: any) => [w.hosted_id, w.action])).toEqual([
      ['p_Gr8tVis1', 'create'],
      ['p_1nb0xTri', 'create'],
      ['p_L3gacyPy', 'create'],
      ['p_N1ghtly7', 'create'],
    ]);
    expect((await svc.json('/v1/users/me/workflows?limit=100')).data).toEqual([]);
    expect((await svc.json('/v1/accounts')).data).toEqual([]);
    expect((await svc.json('/v1/data_stores')).data).toEqual([]);
  });

  it('creates the workflows, maps triggers, accounts and stores, reports what is left, and runs them over HTTP and the clock', { timeout: 120_000 }, async () => {
    const report = await importProject();
    const greet = byId(report, 'p_Gr8tVis1');
    expect(greet).toMatchObject({ action: 'create', active: true, timeout_seconds: 45, needs: [], trigger: { hosted_id: 'hi_Vis1tAbc', type: 'http' } });
    expect(greet.trigger.endpoint_url).toMatch(/^http:\/\/.+\/e\//);
    expect(greet.steps.map((s: any) => [s.name, s.status])).toEqual([
      ['clean_name', 'ok'],
      ['broken_old_step', 'disabled'],
      ['remember', 'ok'],
      ['reply', 'ok'],
    ]);

    const nightly = byId(report, 'p_N1ghtly7');
    expect(nightly.active).toBe(false);
    expect(nightly.needs).toEqual([expect.stringMatching(/a schedule for timer ti_D1gest01.*--schedule p_N1ghtly7=/)]);
    expect(nightly.steps[1]).toMatchObject({ name: 'shout', status: 'ok', resolved_from: 'components' });
    expect(nightly.steps[2]).toMatchObject({ name: 'ping', status: 'ok', resolved_from: 'npm' });
    expect(nightly.steps[2].reason).toBeUndefined();
    expect(registry.requests).toContain('GET /@pipedream/acme');

    const legacy = byId(report, 'p_L3gacyPy');
    expect(legacy.active).toBe(false);
    expect(legacy.steps).toEqual([
      expect.objectContaining({ name: 'fetch_rows', status: 'ok', resolved_from: 'code' }),
      expect.objectContaining({ name: 'notify', status: 'unresolved', reason: expect.stringMatching(/nosuchapp-do-thing@1\.2\.0 was not found: .*not fetched from npm as @pipedream\/nosuchapp\/actions\/do-thing\/do-thing\.mjs/) }),
    ]);
    expect(legacy.unmapped_triggers).toEqual([{ id: 'dc_Src0ld12', reason: expect.stringMatching(/one trigger/) }]);
    expect(legacy.needs[0]).toMatch(/a source for trigger sub_Ch4nnel01/);

    // The e-mail trigger becomes a URL that takes the raw RFC 822 message a mail forwarder POSTs, giving the hosted e-mail event.
    const inbox = byId(report, 'p_1nb0xTri');
    expect(inbox).toMatchObject({ active: true, unmapped_triggers: [], trigger: { hosted_id: 'ei_Ma1lIn55', type: 'email' } });
    const mail = ['From: Ada <ada@example.org>', 'To: inbox@example.org', 'Subject: =?utf-8?Q?URGENT:_caf=C3=A9?=', 'Message-ID: <m1@example.org>', '', 'Please look.', ''].join('\r\n');
    const posted = await fetch(inbox.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: mail });
    expect(posted.status).toBe(200);
    // The trigger answers at once (as on the hosted service); the run goes on.
    const lastRun = async () => (await svc.json(`/v1/workflows/${inbox.workflow_id}/runs`)).data[0];
    await expect.poll(async () => (await lastRun())?.status).toBe('success');
    const mailRun = await lastRun();
    expect(mailRun.trigger.event).toMatchObject({ subject: 'URGENT: café', from: { value: [{ name: 'Ada', address: 'ada@example.org' }] }, text: 'Please look.\n', messageId: '<m1@example.org>' });
    expect(mailRun.steps[0].$return_value).toEqual({ urgent: true });

    expect(report.accounts).toEqual([
      { id: 'apn_Gh1tHub9', app: 'github', created: true, needs_credentials: true, used_by: ['p_Gr8tVis1'] },
      { id: 'apn_Sh33ts01', app: 'google_sheets', created: true, needs_credentials: true, used_by: ['p_L3gacyPy'] },
    ]);
    expect(report.data_stores).toEqual([{ id: 'ds_V1sits42', created: true, used_by: ['p_Gr8tVis1', 'p_L3gacyPy', 'p_N1ghtly7'] }]);
    expect((await svc.json('/v1/data_stores/ds_V1sits42')).data.id).toBe('ds_V1sits42');

    // The HTTP workflow answers on its new endpoint: {{ }} expressions (multi-line too), __lv, the store, the disabled step skipped.
    const hit = () => fetch(greet.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '<b>Ada</b>', tags: ['x', 'y'] }) });
    const first = await hit();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ greeting: 'hello Ada', stamp: 'X+Y', visits: 1 });
    expect(await (await hit()).json()).toMatchObject({ visits: 2 });
    // The response is sent from the last step, before the run's record is final: wait for it.
    const greetRun = async () => (await svc.json(`/v1/workflows/${greet.workflow_id}/runs`)).data[0];
    await expect.poll(async () => (await greetRun()).status).toBe('success');
    expect((await greetRun()).steps.map((s: any) => s.status)).toEqual(['success', 'skipped', 'success', 'success']);
    const wf = (await svc.json(`/v1/workflows/${greet.workflow_id}`)).data;
    expect(wf).toMatchObject({ hosted: { id: 'p_Gr8tVis1', needs: [] }, timeout_seconds: 45 });
    expect(wf.steps[1]).toMatchObject({ name: 'broken_old_step', disabled: true });

    // The Python step runs (its data store and account slots are the imported ones); the
    // unresolved step after it fails the run by hand, saying why.
    const run = await svc.runWorkflow(legacy.workflow_id, {});
    expect(run.steps[0], JSON.stringify(run.steps[0])).toMatchObject({ name: 'fetch_rows', status: 'success', $return_value: { fetched: 10 } });
    expect(run.steps[1].error).toMatchObject({ code: 'ConfigurationError', message: expect.stringMatching(/Step "notify" is unresolved: the action nosuchapp-do-thing@1\.2\.0 was not found/) });

    // Importing again with a schedule updates in place: same ids, no duplicates; the timer then fires on the clock.
    const again = await importProject({ schedules: { p_N1ghtly7: 'every 1h' } });
    expect(again.workflows.map((w: any) => [w.hosted_id, w.action, w.workflow_id])).toEqual(report.workflows.map((w: any) => [w.hosted_id, 'update', w.workflow_id]));
    expect(again.accounts.map((a: any) => a.created)).toEqual([false, false]);
    expect(again.data_stores[0].created).toBe(false);
    expect((await svc.json('/v1/users/me/workflows?limit=100')).data).toHaveLength(4);
    expect((await svc.json('/v1/accounts')).data).toHaveLength(2);
    const timed = byId(again, 'p_N1ghtly7');
    expect(timed).toMatchObject({ active: true, needs: [], trigger: { type: 'timer', schedule: 'every 3600s' } });
    const { data: adv } = await svc.json(`/v1/workflows/${timed.workflow_id}/clock/advance`, { method: 'POST', json: { seconds: 3600 } });
    expect(adv.fired).toBe(1);
    const nightlyRun = (await svc.json(`/v1/workflows/${timed.workflow_id}/runs`)).data[0];
    expect(nightlyRun.status).toBe('success');
    expect(nightlyRun.steps[1].$return_value).toBe('ADA VISITED 2 TIMES!');
    expect(nightlyRun.steps[2].$return_value).toBe('pong: ADA VISITED 2 TIMES! (from acme)');

    // The step kept its id and so its db: the visit count goes on after the re-import.
    expect(await (await hit()).json()).toMatchObject({ visits: 3 });
  });

  it('exports in the same layout, and importing the export yields the same workflows', { timeout: 60_000 }, async () => {
    await importProject({ schedules: { 'Nightly digest': '0 3 * * *' } });
    const before = (await svc.json('/v1/users/me/workflows?limit=100')).data;
    const { files: exported } = (await svc.json('/v1/projects/export')).data;
    expect(exported['README.md']).toBe('Project repo_2Fx8Kq1Lm\n');
    expect(exported['greet-visitors-p_Gr8tVis1/.workflow.state']).toBe(files['greet-visitors-p_Gr8tVis1/.workflow.state']);
    expect(exported['greet-visitors-p_Gr8tVis1/clean_name/entry.js']).toBe(files['greet-visitors-p_Gr8tVis1/clean_name/entry.js']);
    expect(exported['legacy-sync-p_L3gacyPy/fetch_rows/entry.py']).toBe(files['legacy-sync-p_L3gacyPy/fetch_rows/entry.py']);
    expect(exported['legacy-sync-p_L3gacyPy/workflow.yaml']).toMatch(/runtime: python3\.12\n\s+uses: "\.\/fetch_rows\/entry\.py"/);
    const yaml = exported['greet-visitors-p_Gr8tVis1/workflow.yaml'];
    for (const text of ['schema: workflow/2022.04', 'lambda_timeout: 45', 'error_notification: true', '- id: hi_Vis1tAbc', 'disabled: true', 'label: A friendly hello', 'authProvisionId: apn_Gh1tHub9', 'storeId: ds_V1sits42', '_props_cursor: CURSOR-1', '.map((t) => t.toUpperCase())']) {
      expect(yaml).toContain(text);
    }
    expect(exported['legacy-sync-p_L3gacyPy/workflow.yaml']).toMatch(/inactive: true[\s\S]*__configurableProps[\s\S]*uses: nosuchapp-do-thing@1\.2\.0[\s\S]*label: "#general"/);
    expect(exported['greet-visitors-p_Gr8tVis1/workflow.yaml']).not.toMatch(/inactive/);
    expect(exported['nightly-digest-p_N1ghtly7/workflow.yaml']).toMatch(/uses: acme-shout@0\.1\.0/);

    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files: exported, components } })).data;
    expect(report.workflows.every((w: any) => w.action === 'update')).toBe(true);
    const after = (await svc.json('/v1/users/me/workflows?limit=100')).data;
    const same = (w: any) => ({ ...w, deployment_id: undefined, updated_at: undefined, trigger: w.trigger });
    expect(after.map(same)).toEqual(before.map(same));
    expect(after.find((w: any) => w.hosted.id === 'p_N1ghtly7').trigger).toMatchObject({ type: 'timer', cron: '0 3 * * *' });
  });

  it('forgets a need once it is met in Runnel (unresolved steps replaced), keeps the others', async () => {
    const report = await importProject({ files: { ...files }, schedules: {} });
    const legacy = byId(report, 'p_L3gacyPy');
    const before = (await svc.json(`/v1/workflows/${legacy.workflow_id}`)).data;
    // The unresolved registry action and the source the sub_ trigger needs (the Python step runs).
    expect(before.hosted.needs).toHaveLength(2);
    // The unresolved steps replaced by a JavaScript one; a timer is not the source the trigger needs.
    const { data: after } = await svc.json(`/v1/workflows/${legacy.workflow_id}`, {
      method: 'PUT',
      json: { trigger: { type: 'timer', intervalSeconds: 60 }, steps: [{ name: 'fetch_rows', code: 'export default defineComponent({ async run() { return 1 } })' }] },
    });
    expect(after.hosted.needs).toEqual([expect.stringMatching(/^a source for trigger sub_Ch4nnel01/)]);
    const exported = (await svc.json('/v1/projects/export')).data.files['legacy-sync-p_L3gacyPy/workflow.yaml'];
    expect(exported).toMatch(/runtime: nodejs20\.x\n\s+uses: "\.\/fetch_rows\/entry\.js"/);
  });

  it('exports a workflow made in Runnel under its own id, secrets masked, and imports it back in place with the secret kept', async () => {
    const wf = await svc.createWorkflow({
      name: 'Native one',
      trigger: { type: 'manual' },
      steps: [{ name: 'use_secret', code: 'export default defineComponent({ props: { token: { type: "string", secret: true } }, async run() { return this.token.length } })', configured_props: { token: 'sekret-value-123' } }],
    });
    const { files: exported } = (await svc.json('/v1/projects/export')).data;
    const yaml = exported[`native-one-${wf.id}/workflow.yaml`];
    expect(yaml).toContain('token: "********"');
    expect(JSON.stringify(exported)).not.toContain('sekret-value-123');
    expect(exported[`native-one-${wf.id}/.workflow.state`]).toContain(`id: ${wf.id}`);
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files: { [`native-one-${wf.id}/.workflow.state`]: exported[`native-one-${wf.id}/.workflow.state`], [`native-one-${wf.id}/workflow.yaml`]: yaml, [`native-one-${wf.id}/use_secret/entry.js`]: exported[`native-one-${wf.id}/use_secret/entry.js`] } } })).data;
    expect(report.workflows).toEqual([expect.objectContaining({ hosted_id: wf.id, action: 'update', workflow_id: wf.id })]);
    expect((await svc.runWorkflow(wf.id, {})).steps[0].$return_value).toBe('sekret-value-123'.length);
  });

  it('an account slot refuses credential reads until it is filled once, then every workflow naming it reads the credentials', async () => {
    const folder = (id: string) => ({
      [`uses-gh-${id}/.workflow.state`]: `# DO NOT EDIT THIS FILE\n---\nschema: workflow.state/2022.04\nid: ${id}\n`,
      [`uses-gh-${id}/workflow.yaml`]: 'schema: workflow/2022.04\nname: Uses gh ' + id + '\ntriggers: []\nsteps:\n- namespace: read\n  runtime: nodejs20.x\n  uses: "./read/entry.js"\n  props:\n    gh:\n      authProvisionId: apn_Sl0tGh01\n',
      [`uses-gh-${id}/read/entry.js`]: 'export default defineComponent({ props: { gh: { type: "app", app: "github" } }, async run() { return this.gh.$auth.oauth_access_token } })\n',
    });
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files: { ...folder('p_Gh0ne1'), ...folder('p_Gh0ne2') } } })).data;
    expect(report.accounts).toEqual([expect.objectContaining({ id: 'apn_Sl0tGh01', app: 'github', needs_credentials: true, used_by: ['p_Gh0ne1', 'p_Gh0ne2'] })]);
    const [one, two] = report.workflows.map((w: any) => w.workflow_id);
    const unfilled = await svc.runWorkflow(one, {});
    expect(unfilled.steps[0].error?.message).toMatch(/^Runnel: this\.gh\.\$auth\.oauth_access_token is not set: prop "gh" has no connected github account.*PUT \/v1\/accounts\/apn_/);
    await svc.json('/v1/accounts/apn_Sl0tGh01', { method: 'PUT', json: { auth: { oauth_access_token: 'gho_filled' } } });
    expect((await svc.runWorkflow(one, {})).steps[0].$return_value).toBe('gho_filled');
    expect((await svc.runWorkflow(two, {})).steps[0].$return_value).toBe('gho_filled');
  });

  it('keeps a workflow whose registry action does not take its props (another version): that step is unresolved, saying why', async () => {
    const files = {
      'misfit-p_M1sf1t01/.workflow.state': '# DO NOT EDIT THIS FILE\n---\nschema: workflow.state/2022.04\nid: p_M1sf1t01\n',
      'misfit-p_M1sf1t01/workflow.yaml': 'schema: workflow/2022.04\nname: Misfit\ntriggers:\n- id: hi_M1sf1t01\nsteps:\n- namespace: first\n  runtime: nodejs20.x\n  uses: "./first/entry.js"\n  props: {}\n- namespace: shout\n  runtime: nodejs20.x\n  uses: acme-shout@0.0.9\n  props:\n    words: renamed in a later version\n',
      'misfit-p_M1sf1t01/first/entry.js': 'export default defineComponent({ async run() { return 1 } })\n',
    };
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files, components } })).data;
    const misfit = byId(report, 'p_M1sf1t01');
    expect(misfit).toMatchObject({ action: 'create', active: false });
    expect(misfit.workflow_id).toMatch(/^p_/);
    expect(misfit.steps[1]).toMatchObject({ name: 'shout', status: 'unresolved', reason: expect.stringMatching(/missing required prop.*text/) });
    expect(misfit.needs).toEqual([expect.stringMatching(/^step "shout" is unresolved: .*missing required prop/)]);
    const run = await svc.runWorkflow(misfit.workflow_id, {});
    expect(run.steps[0].status).toBe('success');
    expect(run.steps[1].error.message).toMatch(/Step "shout" is unresolved/);
    const exported = (await svc.json('/v1/projects/export')).data.files['misfit-p_M1sf1t01/workflow.yaml'];
    expect(exported).toBe(files['misfit-p_M1sf1t01/workflow.yaml']);
  });

  it('keeps a workflow whose step Runnel refuses with a message not naming the step (an account slot of another app): that step is unresolved', async () => {
    const step = (ns: string, prop: string) => `- namespace: ${ns}\n  runtime: nodejs20.x\n  uses: "./${ns}/entry.js"\n  props:\n    ${prop}:\n      authProvisionId: apn_Tw0Apps1\n`;
    const entry = (prop: string, app: string) => `export default defineComponent({ props: { ${prop}: { type: "app", app: "${app}" } }, async run() { return 1 } })\n`;
    const files = {
      'two-apps-p_Tw0Apps1/.workflow.state': '# DO NOT EDIT THIS FILE\n---\nschema: workflow.state/2022.04\nid: p_Tw0Apps1\n',
      'two-apps-p_Tw0Apps1/workflow.yaml': `schema: workflow/2022.04\nname: Two apps\ntriggers: []\nsteps:\n${step('read', 'gh')}${step('post', 'sl')}`,
      'two-apps-p_Tw0Apps1/read/entry.js': entry('gh', 'github'),
      'two-apps-p_Tw0Apps1/post/entry.js': entry('sl', 'slack'),
    };
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files } })).data;
    const two = byId(report, 'p_Tw0Apps1');
    expect(two.error).toBeUndefined();
    expect(two).toMatchObject({ action: 'create', active: false });
    expect(two.steps.map((s: any) => [s.name, s.status])).toEqual([['read', 'ok'], ['post', 'unresolved']]);
    expect(two.steps[1].reason).toMatch(/^\.\/post\/entry\.js was refused: Prop "sl" needs a slack account; apn_Tw0Apps1 is a github account; fix the step/);
    const run = await svc.runWorkflow(two.workflow_id, {});
    expect(run.steps[0].status).toBe('success');
    expect(run.steps[1].error.message).toMatch(/Step "post" is unresolved/);
  });

  it('gives a multi-select __lv (a list of {label, value}) as the list of values, and writes it back unchanged', async () => {
    const files = {
      'pick-p_P1ckMany/.workflow.state': '# DO NOT EDIT THIS FILE\n---\nschema: workflow.state/2022.04\nid: p_P1ckMany\n',
      'pick-p_P1ckMany/workflow.yaml': 'schema: workflow/2022.04\nname: Pick\ntriggers: []\nsteps:\n- namespace: echo\n  runtime: nodejs20.x\n  uses: "./echo/entry.js"\n  props:\n    labels:\n      __lv:\n      - label: Bug\n        value: bug\n      - label: Needs triage\n        value: triage\n',
      'pick-p_P1ckMany/echo/entry.js': 'export default defineComponent({ props: { labels: { type: "string[]" } }, async run() { return this.labels } })\n',
    };
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files } })).data;
    const run = await svc.runWorkflow(byId(report, 'p_P1ckMany').workflow_id, {});
    expect(run.steps[0].$return_value).toEqual(['bug', 'triage']);
    expect((await svc.json('/v1/projects/export')).data.files['pick-p_P1ckMany/workflow.yaml']).toBe(files['pick-p_P1ckMany/workflow.yaml']);
  });

  it('says which modules a Python step imports from beyond the standard library (they are not there offline)', async () => {
    const files = {
      'py-net-p_PyN3t001/.workflow.state': '# DO NOT EDIT THIS FILE\n---\nschema: workflow.state/2022.04\nid: p_PyN3t001\n',
      'py-net-p_PyN3t001/workflow.yaml': 'schema: workflow/2022.04\nname: Py net\ntriggers: []\nsteps:\n- namespace: fetch\n  runtime: python3.12\n  uses: "./fetch/entry.py"\n  props: {}\n',
      'py-net-p_PyN3t001/fetch/entry.py': 'import json, os\nimport requests\nfrom datetime import datetime\nfrom urllib.parse import quote\nimport pandas as pd_\n\ndef handler(pd: "pipedream"):\n    return requests.get("https://example.org").status_code\n',
    };
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files, dry_run: true } })).data;
    expect(byId(report, 'p_PyN3t001').steps[0]).toMatchObject({ status: 'ok', reason: expect.stringMatching(/^imports requests, pandas, which are not in the standard library/) });
  });

  it('reports folders it cannot read and refuses a body that is not a project', async () => {
    const report = (await svc.json('/v1/projects/import', { method: 'POST', json: { files: { 'README.md': 'Project repo_x\n', 'a-p_Bad1/workflow.yaml': 'schema: workflow/1999\n' } } })).data;
    expect(report.problems).toEqual([expect.stringMatching(/a-p_Bad1: workflow\.yaml has schema "workflow\/1999"/)]);
    // Two folders holding one workflow id (a copy, or a folder left over from a rename): one is imported, the other reported.
    const wf = (name: string) => `schema: workflow/2022.04\nname: ${name}\ntriggers: []\nsteps: []\n`;
    const twice = (await svc.json('/v1/projects/import', { method: 'POST', json: { files: { 'a-p_Tw1ce/workflow.yaml': wf('A'), 'b-p_Tw1ce/workflow.yaml': wf('B') } } })).data;
    expect(twice.workflows.map((w: any) => [w.hosted_id, w.name, w.action])).toEqual([['p_Tw1ce', 'A', 'create']]);
    expect(twice.problems).toEqual([expect.stringMatching(/^b-p_Tw1ce: workflow p_Tw1ce is also in a-p_Tw1ce/)]);
    const bad = await svc.api('/v1/projects/import', { method: 'POST', json: { files: 'nope' } });
    expect(bad.status).toBe(400);
  });
});
