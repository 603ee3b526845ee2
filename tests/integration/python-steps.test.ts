// Python steps (`runtime: "python3.12"`, `def handler(pd)`) over HTTP on the real service: the
// hosted `pd` object, mixed with JavaScript steps, and the walls around them.
import { describe, expect, it } from 'vitest';
import { codeStep as js } from '../fixtures/components';
import { useService, waitFor } from '../helpers/service';

/** A host file the probe tries to create, unique to this run. */
const ESCAPE_MARK = `/tmp/runnel-python-escape-${process.pid}-${Date.now()}`;

const py = (name: string, code: string, extra: object = {}) => ({ name, runtime: 'python3.12', code, ...extra });
/** The first Python step of a service loads the interpreter (seconds on a busy machine). */
const SLOW = 120_000;

describe('Python steps', () => {
  const svc = useService();

  it(
    'reads pd.steps and pd.inputs, exports, returns $return_value and logs print(); JS → Python → JS',
    async () => {
      const wf = await svc.createWorkflow({
        name: 'Mixed',
        trigger: { type: 'manual' },
        steps: [
          js('first', `async run({ steps, $ }) { $.export("n", 41); return { who: steps.trigger.event.name }; }`),
          py(
            'middle',
            [
              'import json',
              'def handler(pd: "pipedream"):',
              '    ev = pd.steps["trigger"]["event"]',
              '    print("hello from", ev["name"], pd.inputs["greeting"])',
              '    pd.export("doubled", pd.steps["first"]["n"] * 2)',
              '    pd.export("$summary", "python ran")',
              '    return {"who": pd.steps["first"]["$return_value"]["who"], "greeting": pd.inputs["greeting"], "n": pd.inputs["n"]}',
            ].join('\n'),
            { configured_props: { greeting: 'Hi {{steps.first.$return_value.who}}', n: '{{steps.first.n}}' } },
          ),
          js('last', `async run({ steps }) { return steps.middle.doubled + 1 + ":" + steps.middle.$return_value.greeting; }`),
        ],
      });
      expect(wf.steps[1]).toMatchObject({ name: 'middle', runtime: 'python3.12' });
      const run = await svc.runWorkflow(wf.id, { name: 'Ada' });
      expect(run.steps[1].error).toBeNull();
      expect(run.status).toBe('success');
      expect(run.steps[1]).toMatchObject({
        status: 'success',
        exports: { doubled: 82 },
        summary: 'python ran',
        $return_value: { who: 'Ada', greeting: 'Hi Ada', n: 41 },
      });
      expect(run.steps[1].logs.map((l: { line: string }) => l.line)).toEqual(['hello from Ada Hi Ada']);
      expect(run.steps[2].$return_value).toBe('83:Hi Ada');
      // The code is kept as written, not compiled as JavaScript.
      const got = (await svc.json(`/v1/workflows/${wf.id}`)).data;
      expect(got.steps[1].runtime).toBe('python3.12');
    },
    SLOW,
  );

  it(
    'answers an HTTP trigger with pd.respond',
    async () => {
      const wf = await svc.createWorkflow({
        name: 'Py responder',
        trigger: { type: 'http' },
        steps: [
          py(
            'answer',
            'def handler(pd):\n    body = pd.steps["trigger"]["event"]["body"]\n    pd.respond({"status": 201, "headers": {"x-py": "yes"}, "body": {"echo": body}})\n',
          ),
        ],
      });
      const r = await fetch(wf.trigger.endpoint_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(r.status).toBe(201);
      expect(r.headers.get('x-py')).toBe('yes');
      expect(await r.json()).toEqual({ echo: { a: 1 } });
    },
    SLOW,
  );

  it(
    'ends the run with pd.flow.exit and skips the later steps',
    async () => {
      const wf = await svc.createWorkflow({
        name: 'Py exit',
        trigger: { type: 'manual' },
        steps: [py('check', 'def handler(pd):\n    try:\n        pd.flow.exit("nothing to do")\n    except Exception:\n        return "caught"\n    return "not reached"\n'), js('after', `async run() { return 1; }`)],
      });
      const run = await svc.runWorkflow(wf.id);
      expect(run.status).toBe('exited');
      expect(run.exit_reason).toBe('nothing to do');
      expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['exited', 'skipped']);
    },
    SLOW,
  );

  it(
    'uses a data store declared in __configurableProps, as the hosted pd.inputs["data_store"]',
    async () => {
      const store = (await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'py-store' } })).data;
      await svc.json(`/v1/data_stores/${store.id}/records/seen`, { method: 'PUT', json: { value: 2 } });
      const wf = await svc.createWorkflow({
        name: 'Py store',
        trigger: { type: 'manual' },
        steps: [
          py(
            'count',
            [
              'def handler(pd):',
              '    ds = pd.inputs["data_store"]',
              '    before = ds.get("seen", 0)',
              '    ds["seen"] = before + 1',
              '    ds.set("note", {"by": "python"})',
              '    if "gone" in ds:',
              '        del ds["gone"]',
              '    return {"before": before, "has_note": "note" in ds, "keys": sorted(ds.keys()), "missing": ds.get("nope")}',
            ].join('\n'),
            { configured_props: { __configurableProps: [{ name: 'data_store', type: 'data_store' }], data_store: { data_store_id: store.id } } },
          ),
        ],
      });
      await svc.json(`/v1/data_stores/${store.id}/records/gone`, { method: 'PUT', json: { value: true } });
      const run = await svc.runWorkflow(wf.id);
      expect(run.steps[0].error).toBeNull();
      expect(run.steps[0].$return_value).toEqual({ before: 2, has_note: true, keys: ['note', 'seen'], missing: null });
      expect((await svc.json(`/v1/data_stores/${store.id}/records/seen`)).data.value).toBe(3);
      expect((await svc.json(`/v1/data_stores/${store.id}/records/note`)).data.value).toEqual({ by: 'python' });
      expect((await svc.api(`/v1/data_stores/${store.id}/records/gone`)).status).toBe(404);
    },
    SLOW,
  );

  it(
    "records an exception with the Python traceback, and gives os.environ the project's variables",
    async () => {
      await svc.json('/v1/env/GREETING', { method: 'PUT', json: { value: 'bonjour', secret: false } });
      const wf = await svc.createWorkflow({
        name: 'Py error',
        trigger: { type: 'manual' },
        steps: [
          py('env', 'import os\ndef handler(pd):\n    return os.environ.get("GREETING")\n'),
          py('boom', 'def helper(x):\n    raise ValueError("bad value %d" % x)\n\ndef handler(pd):\n    print("before")\n    helper(7)\n'),
        ],
      });
      const run = await svc.runWorkflow(wf.id);
      expect(run.steps[0].$return_value).toBe('bonjour');
      expect(run.status).toBe('error');
      const err = run.steps[1].error;
      expect(err.code).toBe('ValueError');
      expect(err.message).toBe('bad value 7');
      expect(err.stack).toMatch(/Traceback \(most recent call last\):/);
      expect(err.stack).toMatch(/File "entry\.py", line 2, in helper/);
      expect(err.stack).toMatch(/File "entry\.py", line 6, in handler/);
      expect(run.steps[1].logs.map((l: { line: string }) => l.line)).toEqual(['before']);
    },
    SLOW,
  );

  it(
    'kills a Python infinite loop at the deadline while the service keeps answering',
    async () => {
      const wf = await svc.createWorkflow({
        name: 'Py loop',
        trigger: { type: 'manual' },
        timeout_seconds: 3,
        steps: [py('spin', 'def handler(pd):\n    while True:\n        pass\n')],
      });
      // Warm a runner first, so the deadline measures the loop, not the interpreter's start.
      const warm = await svc.createWorkflow({ name: 'warm', trigger: { type: 'manual' }, steps: [py('w', 'def handler(pd):\n    return 1\n')] });
      expect((await svc.runWorkflow(warm.id)).status).toBe('success');
      const started = Date.now();
      const pending = svc.runWorkflow(wf.id);
      // While the loop spins, the service answers (how fast is the benchmarks' business): the run
      // shows as running, and the system endpoint answers.
      await waitFor(async () => (await svc.json(`/v1/workflows/${wf.id}/runs`)).data.some((r: { status: string }) => r.status === 'running'));
      expect((await svc.api('/v1/system')).status).toBe(200);
      expect((await svc.json(`/v1/workflows/${wf.id}/runs`)).data.map((r: { status: string }) => r.status)).toEqual(['running']);
      const run = await pending;
      expect(run.status).toBe('error');
      expect(run.steps[0].error.code).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(20_000);
      // The next Python step runs again (on a fresh runner).
      expect((await svc.runWorkflow(warm.id)).steps[0].$return_value).toBe(1);
    },
    SLOW,
  );

  it(
    'refuses the ways out: js, pyodide_js, pyodide.ffi, host files, processes, sockets; no state crosses workflows',
    async () => {
      const probe = [
        'import sys, os',
        'def attempt(f):',
        '    try:',
        '        return "ALLOWED: " + repr(f())[:200]',
        '    except BaseException as e:',
        '        return "refused: " + type(e).__name__ + ": " + str(e)[:300]',
        'def handler(pd):',
        '    import builtins',
        '    builtins.runnel_leak = "from A"',
        '    out = {}',
        '    out["js"] = attempt(lambda: __import__("js").process)',
        '    out["pyodide_js"] = attempt(lambda: __import__("pyodide_js")._module)',
        '    out["ffi"] = attempt(lambda: __import__("pyodide.ffi", fromlist=["to_js"]).to_js({}).constructor.constructor("return process")())',
        '    out["code"] = attempt(lambda: __import__("pyodide.code", fromlist=["run_js"]).run_js("process"))',
        '    out["core"] = attempt(lambda: __import__("_pyodide_core"))',
        '    out["passwd"] = attempt(lambda: open("/etc/passwd").read())',
        '    out["listdir"] = attempt(lambda: [p for p in os.listdir("/") if p not in ("tmp", "home", "dev", "proc", "lib", "bin")])',
        `    out["system"] = attempt(lambda: os.system("touch ${ESCAPE_MARK}"))`,
        '    out["popen"] = attempt(lambda: os.popen("id").read())',
        '    out["subprocess"] = attempt(lambda: __import__("subprocess").run(["id"], capture_output=True))',
        '    out["socket"] = attempt(lambda: __import__("socket").create_connection(("127.0.0.1", 80), timeout=1))',
        '    out["micropip"] = attempt(lambda: __import__("micropip"))',
        '    return out',
      ].join('\n');
      const a = await svc.createWorkflow({ name: 'Probe', trigger: { type: 'manual' }, steps: [py('probe', probe)] });
      const run = await svc.runWorkflow(a.id);
      expect(run.steps[0].error).toBeNull();
      const out = run.steps[0].$return_value as Record<string, string>;
      for (const [k, v] of Object.entries(out)) {
        if (k === 'listdir') continue;
        expect(`${k}: ${v}`).toMatch(new RegExp(`^${k}: refused: `));
      }
      expect(out.js).toMatch(/Runnel: /);
      expect(out.pyodide_js).toMatch(/Runnel: /);
      expect(out.ffi).toMatch(/Runnel: /);
      expect(out.system).toMatch(/Runnel: /);
      expect(out.subprocess).toMatch(/Runnel: /);
      expect(out.socket).toMatch(/Runnel: /);
      // The host's file system is not Python's: its root holds only the interpreter's own folders.
      expect(out.listdir).toBe('ALLOWED: []');
      const { existsSync } = await import('node:fs');
      expect(existsSync(ESCAPE_MARK)).toBe(false);
      // Another workflow's step starts from a clean interpreter.
      const b = await svc.createWorkflow({
        name: 'After probe',
        trigger: { type: 'manual' },
        steps: [py('look', 'import builtins\ndef handler(pd):\n    return repr(getattr(builtins, "runnel_leak", None))\n')],
      });
      expect((await svc.runWorkflow(b.id)).steps[0].$return_value).toBe('None');
      // The same workflow's next run keeps its warm interpreter (module state stays, as on the hosted service).
      expect((await svc.runWorkflow(a.id)).steps[0].error).toBeNull();
    },
    SLOW,
  );

  it('refuses an unknown runtime and Python code without a handler', async () => {
    const bad = await svc.api('/v1/workflows', { method: 'POST', json: { name: 'x', trigger: { type: 'manual' }, steps: [{ name: 's', runtime: 'ruby3', code: 'x' }] } });
    expect(bad.status).toBe(400);
    const noHandler = await svc.createWorkflow({ name: 'nh', trigger: { type: 'manual' }, steps: [py('s', 'x = 1\n')] });
    const run = await svc.runWorkflow(noHandler.id);
    expect(run.status).toBe('error');
    expect(run.steps[0].error.message).toMatch(/Runnel: .*def handler\(pd\)/);
  }, SLOW);
});
