// Issue 14, item 7: `$.send.s3` must never write outside `<dataDir>/s3/<bucket>/`, whatever a
// step (or a runner) sends. The bucket is read through a getter that answers a good name while
// it is checked and a path of ".." segments when it is recorded: the main process must check
// it again.
import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining, startService, type ServiceHandle } from '../helpers/service';

describe('$.send.s3 stays inside its bucket', () => {
  let svc: ServiceHandle;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(() => svc?.stop());

  const runStep = async (body: string) => {
    const step = { name: 'send', code: `export default defineComponent({ async run({ steps, $ }) { ${body} } })` };
    const wf = (await svc.json('/v1/workflows', { method: 'POST', json: { name: 'S3', trigger: { type: 'manual' }, steps: [step] } })).data;
    return (await svc.json(`/v1/workflows/${wf.id}/run`, { method: 'POST', json: { event: {} } })).data;
  };

  it('refuses a bucket that changes between the check and the record ("../..")', async () => {
    // From <dataDir>/s3, "../.." is the data dir's parent; the prefix then leads back into this
    // test's data dir, so an escape lands where the test can see it.
    const prefix = `${basename(svc.dataDir)}/escaped/`;
    const run = await runStep(`
      let reads = 0;
      const options = { get bucket() { return ++reads <= 2 ? "good-bucket" : "../.."; }, prefix: ${JSON.stringify(prefix)}, payload: { stolen: true } };
      $.send.s3(options);
      return reads;`);
    // The payload as $.send.s3 writes it (the step's code has it without quotes).
    const written = filesContaining(svc.dataDir, '{"stolen":true}');
    const outside = written.filter((f) => !f.startsWith(join(svc.dataDir, 's3', 'good-bucket') + sep));
    expect(outside, `files written outside <dataDir>/s3/<bucket>/: ${outside.join(', ')}`).toEqual([]);
    expect(existsSync(join(svc.dataDir, 'escaped'))).toBe(false);
    // The bucket was read once, so the step recorded what was checked (or nothing at all).
    expect(run.status).toBe('success');
    expect(run.steps[0].$return_value).toBe(1);
  });

  it('refuses prefix tricks in the step, with a clear error', async () => {
    for (const prefix of ['a/../../x/', '/etc/', 'a\\..\\b/', 'C:/x/']) {
      const run = await runStep(`$.send.s3({ bucket: "good-bucket", prefix: ${JSON.stringify(prefix)}, payload: 1 });`);
      expect(run.status, prefix).toBe('error');
      expect(run.steps[0].error.message, prefix).toMatch(/^\$\.send\.s3: prefix /);
    }
  });

  it('refuses bucket names S3 does not allow', async () => {
    for (const bucket of ['..', 'a..b', '192.168.1.1', 'xn--abc', 'UPPER', 'a']) {
      const run = await runStep(`$.send.s3({ bucket: ${JSON.stringify(bucket)}, prefix: "", payload: 1 });`);
      expect(run.status, bucket).toBe('error');
      expect(run.steps[0].error.message, bucket).toMatch(/^\$\.send\.s3: bucket /);
    }
  });
});
