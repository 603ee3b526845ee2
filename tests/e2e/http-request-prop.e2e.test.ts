import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useUi } from './helpers/browser';

// A source with an http_request prop (POST by default, as the hosted "Send POST Request" action
// declares it) that performs the request and emits what came back.
const REQUESTER = `export default {
  name: "Requester", key: "e2e-requester", version: "0.1.0",
  props: { req: { type: "http_request", label: "Request", default: { method: "POST" } } },
  async run() {
    const res = await this.req.execute();
    this.$emit(res.data, { summary: res.status + " " + this.req.method + " " + res.data.url });
  },
};`;

const TOKEN = 'tok_e2e_secret_123';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('the http_request request builder', () => {
  const ui = useUi();
  let server: Server;
  let base = '';
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url, body }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('deploys a source configured through the builder, runs it, and keeps the token masked on edit', async () => {
    const { page, svc } = ui;
    await svc.json('/v1/components', { method: 'POST', json: { component_code: REQUESTER } });
    await ui.goto('/sources/new?component=e2e-requester');
    await page.getByRole('heading', { name: 'New source' }).waitFor();

    const builder = page.getByRole('group', { name: 'Request request' });
    expect(await builder.getByLabel('Request method').inputValue()).toBe('POST');
    await builder.getByLabel('Request URL').fill('not a url');
    await page.getByText('Url "not a url" is not an absolute URL').waitFor();
    await builder.getByLabel('Request URL').fill(`${base}/hook`);

    await builder.getByRole('button', { name: 'Add param' }).click();
    await builder.getByLabel('Param 1 name').fill('source');
    await builder.getByLabel('Param 1 value').fill('runnel');

    await builder.getByRole('tab', { name: 'Headers' }).click();
    await builder.getByRole('button', { name: 'Add header' }).click();
    await builder.getByLabel('Header 1 name').fill('X-Trace');
    await builder.getByLabel('Header 1 value').fill('e2e');

    await builder.getByRole('tab', { name: 'Body' }).click();
    await builder.getByRole('radio', { name: 'Fields' }).check();
    await builder.getByLabel('Content type').fill('application/x-www-form-urlencoded');
    await builder.getByLabel('Field 1 name').fill('name');
    await builder.getByLabel('Field 1 value').fill('Ada Lovelace');

    await builder.getByRole('tab', { name: 'Auth' }).click();
    await builder.getByRole('radio', { name: 'Bearer token' }).check();
    await builder.getByLabel('Token', { exact: true }).fill(TOKEN);
    await builder.getByRole('tab', { name: 'Body (fields)' }).click();
    await ui.shot('http-request-1-builder');

    await page.getByLabel('Name', { exact: true }).fill('E2E requester');
    await page.getByRole('button', { name: 'Deploy' }).click();
    const detail = page.getByRole('article', { name: 'Source E2E requester' });
    await detail.waitFor();

    await detail.getByRole('button', { name: 'Run now' }).click();
    await detail.getByRole('region', { name: 'Run result' }).getByText('run ok').waitFor();
    await detail.getByRole('table', { name: 'Latest events' }).getByText('200 POST /hook?source=runnel').waitFor();
    const hit = seen.at(-1)!;
    expect(hit).toMatchObject({ method: 'POST', url: '/hook?source=runnel', body: 'name=Ada+Lovelace' });
    expect(hit.headers).toMatchObject({ 'x-trace': 'e2e', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' });
    await ui.shot('http-request-2-ran');

    // Editing shows the stored token masked; saving without touching it keeps it.
    await detail.getByRole('button', { name: 'Edit props' }).click();
    const edit = detail.getByRole('form', { name: 'Edit props' });
    const editor = edit.getByRole('group', { name: 'Request request' });
    await editor.getByRole('tab', { name: 'Auth (bearer)' }).click();
    expect(await editor.getByLabel('Token', { exact: true }).inputValue()).toBe('********');
    await editor.getByText('Stored encrypted').waitFor();
    await ui.shot('http-request-3-edit-masked');
    await editor.getByRole('tab', { name: 'Params (1)' }).click();
    await editor.getByLabel('Param 1 value').fill('edited');
    await edit.getByRole('button', { name: 'Save props' }).click();
    await edit.waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Run now' }).click();
    await detail.getByRole('table', { name: 'Latest events' }).getByText('200 POST /hook?source=edited').waitFor();
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await page.content()).not.toContain(TOKEN);
  });
});
