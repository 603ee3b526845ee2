import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, waitFor, type ServiceHandle } from '../helpers/service';
import { openSse } from '../helpers/sse';

const step = (body: string) => ({ name: 'send', code: `export default defineComponent({ async run({ steps, $ }) { ${body} } })` });

describe('$.send destinations', () => {
  let svc: ServiceHandle;
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const target = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.end('ok');
    });
  });
  let targetUrl = '';

  beforeAll(async () => {
    svc = await startService();
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    target.close();
    await svc.stop();
  });

  const run = async (body: string, event: unknown = {}) => {
    const wf = (await svc.json('/v1/workflows', { method: 'POST', json: { name: 'Sender', trigger: { type: 'manual' }, steps: [step(body)] } })).data;
    return { wf, run: (await svc.json(`/v1/workflows/${wf.id}/run`, { method: 'POST', json: { event } })).data };
  };

  it('$.send.http makes a real request after the step', async () => {
    const { run: r } = await run(
      `$.send.http({ method: "put", url: "${targetUrl}/hook", params: { a: 1 }, headers: { "x-test": "yes" }, auth: { username: "u", password: "p" }, data: { hello: "world" } });`,
    );
    expect(r.status).toBe('success');
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({ method: 'PUT', url: '/hook?a=1', body: '{"hello":"world"}' });
    expect(received[0].headers['x-test']).toBe('yes');
    expect(received[0].headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it('$.send.email files a message in the outbox', async () => {
    await run(`$.send.email({ subject: "Report", text: "All good" });`);
    const outbox = (await svc.json('/v1/outbox')).data;
    expect(outbox[0]).toMatchObject({ subject: 'Report', text: 'All good', to: expect.stringContaining('@') });
  });

  it('$.send.s3 writes the payload under <bucket>/<prefix> in the data dir', async () => {
    await run(`$.send.s3({ bucket: "my-bucket", prefix: "logs/", payload: { n: 1 } });`);
    const dir = join(svc.dataDir, 's3', 'my-bucket', 'logs');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, files[0]), 'utf8'))).toEqual({ n: 1 });
  });

  it('$.send.emit puts events on the workflow stream, in both call shapes', async () => {
    const { wf } = await run(`$.send.emit({ a: 1 }); $.send.emit({ b: 2 }, "side"); $.send.emit({ raw_event: { c: 3 } });`);
    const main = (await svc.json(`/v1/workflows/${wf.id}/event_summaries?expand=event`)).data;
    expect(main.map((e: { event: unknown }) => e.event)).toEqual([{ c: 3 }, { a: 1 }]);
    const side = (await svc.json(`/v1/workflows/${wf.id}/event_summaries?expand=event&event_name=side`)).data;
    expect(side[0].event).toEqual({ b: 2 });
    expect(side[0].metadata).toMatchObject({ emitter_id: wf.id, name: 'side' });
  });

  it('$.send.sse sends to the workflow SSE stream with the channel as event name', async () => {
    const wf = (
      await svc.json('/v1/workflows', {
        method: 'POST',
        json: { name: 'SSE', trigger: { type: 'manual' }, steps: [step('$.send.sse({ channel: "updates", payload: { n: steps.trigger.event.n } });')] },
      })
    ).data;
    const sse = await openSse(`${svc.url}/workflows/${wf.id}/sse`, { authorization: `Bearer ${svc.apiKey}` });
    try {
      expect(sse.status).toBe(200);
      await svc.json(`/v1/workflows/${wf.id}/run`, { method: 'POST', json: { event: { n: 5 } } });
      await sse.waitForFrames(1);
      expect(sse.frames[0]).toMatchObject({ event: 'updates', data: { n: 5 } });
    } finally {
      sse.close();
    }
  });

  it('fails the step with a clear error on bad parameters', async () => {
    for (const [body, message] of [
      ['$.send.http({ url: "not a url" });', /\$\.send\.http/],
      ['$.send.email({ text: "no subject" });', /\$\.send\.email/],
      ['$.send.s3({ bucket: "B!", payload: 1 });', /\$\.send\.s3/],
      ['$.send.sse({ payload: 1 });', /\$\.send\.sse/],
    ] as const) {
      const { run: r } = await run(body);
      expect(r.status, body).toBe('error');
      expect(r.steps[0].error.message).toMatch(message);
    }
  });
});
