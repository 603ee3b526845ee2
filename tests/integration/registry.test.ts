import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startService, type ServiceHandle } from '../helpers/service';

const rss = (items: { title: string; guid: string }[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>${items
    .map((i) => `<item><title><![CDATA[${i.title}]]></title><link>http://news.test/${i.guid}</link><guid>${i.guid}</guid><pubDate>Mon, 0${i.guid.length} Jan 2024 10:00:00 GMT</pubDate></item>`)
    .join('')}</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
  <entry><title>Atom &amp; one</title><link rel="alternate" href="http://atom.test/1"/><id>urn:a1</id><updated>2024-01-02T00:00:00Z</updated></entry></feed>`;

describe('registry and the built-in feed source', () => {
  let svc: ServiceHandle;
  let items = [{ title: 'First', guid: 'a' }];
  const feeds = createServer((req, res) => {
    if (req.url === '/feed.xml') res.end(rss(items));
    else if (req.url === '/atom.xml') res.end(atom);
    else if (req.url === '/page.html') res.end('<html><body>not a feed</body></html>');
    else {
      res.statusCode = 404;
      res.end();
    }
  });
  let base = '';

  beforeAll(async () => {
    svc = await startService();
    await new Promise<void>((r) => feeds.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    feeds.close();
    await svc.stop();
    removeDir(svc.dataDir);
  });

  it('looks up registry components by key with configurable_props per spec 2.2', async () => {
    const { data } = await svc.json('/v1/components/registry/rss-new-item-in-feed');
    expect(data).toMatchObject({ key: 'rss-new-item-in-feed', version: '1.0.0', type: 'source', builtin: true });
    expect(data.configurable_props).toEqual([
      { name: 'rss', type: 'app', app: 'rss' },
      expect.objectContaining({ name: 'url', type: 'string', label: 'Feed URL' }),
      expect.objectContaining({ name: 'timer', type: '$.interface.timer', default: { intervalSeconds: 900 } }),
    ]);
    const keys = (await svc.json('/v1/components/registry')).data.map((c: { key: string }) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['http-new-requests', 'schedule-custom-interval', 'helper_functions-pretty-print-json']));
    expect((await svc.api('/v1/components/registry/nope-nothing')).status).toBe(404);
  });

  it('deploys the feed source by key, emits new items once, also across a restart', async () => {
    const created = await svc.json('/v1/sources', { method: 'POST', json: { key: 'rss-new-item-in-feed', name: 'News', configured_props: { url: `${base}/feed.xml` } } });
    expect(created.data.configured_props.timer).toEqual({ cron: null, interval_seconds: 900 });
    const first = await svc.runSource(created.data.id);
    expect(first.emitted.map((e: { event: unknown }) => e.event)).toEqual([
      { title: 'First', link: 'http://news.test/a', guid: 'a', permalink: 'http://news.test/a', pubDate: 'Mon, 01 Jan 2024 10:00:00 GMT' },
    ]);
    expect((await svc.runSource(created.data.id)).emitted).toEqual([]);
    items = [{ title: 'Second', guid: 'bb' }, ...items];
    expect((await svc.runSource(created.data.id)).emitted.map((e: { event: { title: string } }) => e.event.title)).toEqual(['Second']);
    await svc.stop();
    svc = await startService({ dataDir: svc.dataDir });
    items = [{ title: 'Third', guid: 'ccc' }, ...items];
    expect((await svc.runSource(created.data.id)).emitted.map((e: { event: { title: string } }) => e.event.title)).toEqual(['Third']);
  });

  it('reads Atom feeds, and refuses an unreachable URL or a non-feed with a 400 ConfigurationError', async () => {
    const src = await svc.json('/v1/sources', { method: 'POST', json: { key: 'rss-new-item-in-feed', configured_props: { url: `${base}/atom.xml` } } });
    expect((await svc.runSource(src.data.id)).emitted[0].event).toMatchObject({ title: 'Atom & one', link: 'http://atom.test/1', guid: 'urn:a1' });
    for (const [url, message] of [
      [`${base}/page.html`, /not an RSS or Atom feed/],
      [`${base}/missing.xml`, /answered 404/],
      ['http://127.0.0.1:9/feed.xml', /cannot be reached/],
    ] as const) {
      const r = await svc.api('/v1/sources', { method: 'POST', json: { key: 'rss-new-item-in-feed', configured_props: { url } } });
      expect(r.status, url).toBe(400);
      const body = await r.json();
      expect(body.error.code).toBe('configuration_error');
      expect(body.error.message).toMatch(message);
    }
  });

  it('runs the built-in helper actions as workflow steps', async () => {
    const wf = await svc.createWorkflow({
      name: 'Helpers',
      trigger: { type: 'manual' },
      steps: [
        { name: 'date', key: 'helper_functions-format-iso-date', configured_props: { date: '{{steps.trigger.event.when}}' } },
        { name: 'pretty', key: 'helper_functions-pretty-print-json', configured_props: { value: '{{steps.date.$return_value}}', indent: 0 } },
      ],
    });
    const run = await svc.runWorkflow(wf.id, { when: '2024-03-04T05:06:07Z' });
    expect(run.steps[0].$return_value).toMatchObject({ iso: '2024-03-04T05:06:07.000Z', year: 2024, month: 3, day: 4 });
    expect(JSON.parse(run.steps[1].$return_value).epoch_seconds).toBe(1709528767);
  });

  it('publishes with key and semver checks, and deletes only unused, non-built-in components', async () => {
    const publish = (key: string, version: string, app = '') =>
      svc.api('/v1/components/registry', {
        method: 'POST',
        json: { component_code: `export default { name: "P ${key} ${version}", key: "${key}", version: "${version}", props: { ${app ? `a: { type: "app", app: "${app}" }` : ''} }, async run() {} }` },
      });
    expect((await publish('Bad Key', '1.0.0')).status).toBe(400);
    expect((await publish('myapp-thing', '1.0')).status).toBe(400);
    const wrongApp = await publish('other-thing', '1.0.0', 'rss');
    expect(wrongApp.status).toBe(400);
    expect((await wrongApp.json()).error.message).toMatch(/start with "rss-"/);
    const ok = await publish('myapp-new-thing', '1.2.3');
    expect(ok.status).toBe(200);
    const rec = (await ok.json()).data;
    expect(rec).toMatchObject({ key: 'myapp-new-thing', version: '1.2.3', builtin: false });
    const v2 = (await (await publish('myapp-new-thing', '1.3.0')).json()).data;
    expect((await svc.json('/v1/components/registry/myapp-new-thing')).data.version).toBe('1.3.0');
    const src = await svc.json('/v1/sources', { method: 'POST', json: { key: 'myapp-new-thing' } });
    expect(src.data.component_id).toBe(v2.component_id);
    expect((await svc.api(`/v1/components/${v2.component_id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await svc.api(`/v1/components/${rec.component_id}`, { method: 'DELETE' })).status).toBe(200);
    const builtin = (await svc.json('/v1/components/registry/http-new-requests')).data.component_id;
    expect((await svc.api(`/v1/components/${builtin}`, { method: 'DELETE' })).status).toBe(409);
  });
});
