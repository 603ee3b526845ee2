// Issue 18, item 3: stack traces pointed 24 lines past the throw (`component.js:40:13` for line
// 16: the bundle's prelude) and ended in runner frames (`process.emit`, `child_process`, …).
// Every frame now names the user's code and line, and none is Runnel's own.
import { describe, expect, it } from 'vitest';
import { useService } from '../helpers/service';

// Line numbers matter here: `fail` throws on line 6, `run` calls it on line 12 (source) / 11 (step).
const SOURCE = `import { createHash } from 'node:crypto';
const SALT = 'x';

function fail(what) {
  const reason = 'broken ' + what;
  throw new Error(reason);
}

export default {
  name: 'Thrower', version: '0.0.1', type: 'source',
  async run() {
    fail(createHash('sha1').update(SALT).digest('hex').slice(0, 4));
  },
};
`;

const STEP = `import { createHash } from 'node:crypto';
const SALT = 'x';

function fail(what) {
  const reason = 'broken ' + what;
  throw new Error(reason);
}

export default defineComponent({
  async run({ steps }) {
    fail(createHash('sha1').update(SALT).digest('hex').slice(0, 4));
  },
});
`;

/** The frames ("    at …" lines) of a stack. */
const frames = (stack: string) => stack.split('\n').filter((l) => /^\s+at /.test(l));

/** Every frame points into the component; the first two are the throw and its caller. */
function expectUserFrames(stack: string, file: string, callerLine: number) {
  const re = file.replace(/\./g, '\\.');
  expect(stack).toMatch(/^Error: broken [0-9a-f]{4}\n/);
  const f = frames(stack);
  expect(f[0]).toMatch(new RegExp(`^\\s+at fail \\(${re}:6:9\\)$`));
  expect(f[1]).toMatch(new RegExp(`\\(${re}:${callerLine}:5\\)$`));
  for (const line of f) expect(line, stack).toContain(`(${file}:`);
  expect(stack).not.toMatch(/node:|process\.emit|child_process|runner\.js|chunks\//);
}

describe('stack traces of a component error', () => {
  const svc = useService();

  it('name the line of the throw in the run result and the source log, with no runner frames', async () => {
    const src = await svc.createSource(SOURCE);
    const result = await svc.runSource(src.id);
    expect(result.error.message).toMatch(/^broken /);
    expectUserFrames(result.error.stack, 'component.mjs', 12);
    const log = await svc.logText(src.id);
    expect(log).toContain('Error: broken ');
    expectUserFrames(log.slice(log.indexOf('Error: broken ')).split('\n').filter((l) => l.startsWith('Error') || /^\s+at /.test(l)).join('\n'), 'component.mjs', 12);
  });

  it('name the line of the throw in a workflow step and its $errors event', async () => {
    const wf = await svc.createWorkflow({ name: 'Throws', trigger: { type: 'manual' }, steps: [{ name: 'boom', code: STEP }] });
    const run = await svc.runWorkflow(wf.id, {});
    expect(run.status).toBe('error');
    expectUserFrames(run.steps[0].error.stack, 'component.mjs', 11);
    const [e] = (await svc.json(`/v1/workflows/${wf.id}/$errors/event_summaries?expand=event`)).data;
    expectUserFrames(e.event.error.stack, 'component.mjs', 11);
  });
});
