// `runnel deploy <file>` and `runnel update --code <file>` store the file as the user wrote it:
// the code a GET of the component returns (what the editors show) is the file's text, not the
// CLI's bundle, and a stack trace still names the user's files and lines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';
import { tempDir } from '../helpers/temp-dir';
import { envFor, runCli } from './helpers/run-cli';

const ONE_FILE = `// One file, no local imports.

export default {
  name: 'As written', version: '0.0.1', type: 'source',
  async run() {
    throw new TypeError('from the one file');
  },
};
`;

const LIB = `export function check(n) {
  throw new RangeError('too big: ' + n);
}
`;

const WITH_LIB = `import { check } from './lib.mjs';

export default {
  name: 'As written', version: '0.0.2', type: 'source',
  async run() {
    check(3);
  },
};
`;

const STEP = `import { double } from './lib2.mjs';

export default defineComponent({
  async run({ steps }) {
    return double(steps.trigger.event.n);
  },
});
`;

describe('code deployed from a file by the CLI', () => {
  const svc = useService();
  const dir = tempDir('runnel-as-written-');
  const cli = (...args: string[]) => runCli(['--json', ...args], { cwd: dir, env: envFor(svc) });
  const codeOf = async (componentId: string) => (await svc.json(`/v1/components/${componentId}`)).data.code;

  it('is stored as the file says, on deploy and on update --code, and its stack names the file', async () => {
    writeFileSync(join(dir, 'one.mjs'), ONE_FILE);
    const deployed = await cli('deploy', 'one.mjs', '--no-follow');
    expect(deployed.stderr).toBe('');
    const source = JSON.parse(deployed.stdout);
    expect(await codeOf(source.resource.component_id)).toBe(ONE_FILE);
    const first = await svc.runSource(source.id);
    expect(first.error.stack).toMatch(/^TypeError: from the one file\n\s+at Object\.run \(one\.mjs:6:11\)$/m);

    // Edited in place (the components editor's Save): still named after the file.
    const edited = ONE_FILE.replace("    throw new TypeError('from the one file');", "\n    throw new TypeError('edited');");
    const put = await svc.json(`/v1/components/${source.resource.component_id}`, { method: 'PUT', json: { component_code: edited } });
    expect(put.data.sources).toEqual([{ id: source.id, updated: true }]);
    expect((await svc.runSource(source.id)).error.stack).toMatch(/^TypeError: edited\n\s+at Object\.run \(one\.mjs:7:11\)$/m);

    writeFileSync(join(dir, 'lib.mjs'), LIB);
    writeFileSync(join(dir, 'with-lib.mjs'), WITH_LIB);
    const updated = await cli('update', source.id, '--code', 'with-lib.mjs');
    expect(updated.stderr).toBe('');
    const after = JSON.parse(updated.stdout);
    expect(after.component_id).not.toBe(source.resource.component_id);
    expect(await codeOf(after.component_id)).toBe(WITH_LIB);
    const second = await svc.runSource(source.id);
    expect(second.error.stack).toMatch(/^RangeError: too big: 3\n\s+at check \(lib\.mjs:2:9\)\n\s+at Object\.run \(with-lib\.mjs:6:5\)$/m);
  });

  it("is a one-step workflow's step code as written after update --code", async () => {
    const wf = await svc.createWorkflow({ name: 'Doubler', trigger: { type: 'manual' }, steps: [{ name: 'double', code: 'export default defineComponent({ async run() { return 0 } })' }] });
    writeFileSync(join(dir, 'lib2.mjs'), 'export const double = (n) => n * 2;\n');
    writeFileSync(join(dir, 'step.mjs'), STEP);
    const updated = await cli('update', wf.id, '--code', 'step.mjs');
    expect(updated.stderr).toBe('');
    const [step] = JSON.parse(updated.stdout).steps;
    expect(await codeOf(step.component_id)).toBe(STEP);
    expect((await svc.runWorkflow(wf.id, { n: 21 })).steps[0].$return_value).toBe(42);

    // The builder saves every step back as its code text: a rename of the workflow must still
    // save, the step must keep running its bundle, and its stack traces must name the file.
    const renamed = await svc.api(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { name: 'Doubler 2', steps: [{ name: 'double', code: STEP }] } });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await renamed.json()).data.steps[0].component_id).toBe(step.component_id);
    expect((await svc.runWorkflow(wf.id, { n: 4 })).steps[0].$return_value).toBe(8);

    // Edited in the builder (no local imports left): its stack traces still name the file.
    const edited = 'export default defineComponent({\n  async run() {\n    throw new Error("edited");\n  },\n});\n';
    await svc.json(`/v1/workflows/${wf.id}`, { method: 'PUT', json: { steps: [{ name: 'double', code: edited }] } });
    const failed = await svc.runWorkflow(wf.id, { n: 1 });
    expect(JSON.stringify(failed)).toMatch(/step\.mjs:3:/);
  });

  it('takes a file name without folders over HTTP, and names it in a syntax error', async () => {
    const bad = await svc.api('/v1/components', { method: 'POST', json: { component_code: ONE_FILE, component_filename: '../etc/one.mjs' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/component_filename is the name of a file, without folders/);
    const broken = await svc.api('/v1/components', { method: 'POST', json: { component_code: 'export default {\n  run() { return ( }\n}', component_filename: 'broken.mjs' } });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.message).toMatch(/\(broken\.mjs:2:/);
    for (const name of ['.', '..', 'a\nb.mjs', 'tab\t.mjs', 'esc\u001b[31m.mjs']) {
      const odd = await svc.api('/v1/components', { method: 'POST', json: { component_code: ONE_FILE, component_filename: name } });
      expect(odd.status, JSON.stringify(name)).toBe(400);
    }
  });

  it('never mistakes code with a file name for the same code with a bundle (one hash each)', async () => {
    const code = 'export default { name: "Twin", version: "0.0.1", type: "action", async run() { return "code" } }';
    const other = 'export default{name:"Twin",version:"0.0.1",type:"action",async run(){return "bundle"}}';
    const withBundle = (await svc.json('/v1/components', { method: 'POST', json: { component_code: code, component_bundle: other } })).data;
    const withName = await svc.api('/v1/components', { method: 'POST', json: { component_code: code, component_filename: other } });
    expect(withName.status).toBe(200);
    expect((await withName.json()).data.id).not.toBe(withBundle.id);
  });
});
