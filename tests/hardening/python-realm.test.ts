// The Python runner's walls under the prelude's refusals: Python code that gets the interpreter's
// JavaScript bridge anyway (a builtin module made afresh with _imp) meets a JavaScript realm
// that makes no code from strings and whose built-ins are frozen, Node modules that run nothing,
// and a fresh interpreter for each workflow. Runs the built python-runner through the real pool.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { pythonPool } from '../../src/main/sandbox/client/python-pool';
import type { InvokeRequest } from '../../src/main/domain/invocations';
import { defaultScratch, memoryLogger, runnerEntry } from '../sandbox/sandbox-helpers';

const pool = pythonPool({ runnerEntry, logger: memoryLogger(), scratchRoot: defaultScratch.dir, maxRunners: 1 });
afterAll(() => pool.dispose());

async function runPy(workflow: string, body: string): Promise<unknown> {
  const code = [
    'import _imp, importlib.machinery',
    'def bridge():',
    '    return _imp.create_builtin(importlib.machinery.ModuleSpec("_pyodide_core", None))',
    'def attempt(f):',
    '    try:',
    '        return "ALLOWED: " + repr(f())[:200]',
    '    except BaseException as e:',
    '        return "refused: " + type(e).__name__ + ": " + str(e)[:200]',
    'def handler(pd):',
    ...body.split('\n').map((l) => `    ${l}`),
  ].join('\n');
  const request: InvokeRequest = {
    ...{ code, codeHash: 'h', instanceId: 'c_py', method: 'run', props: {}, interfaces: {}, db: {}, scratchDir: defaultScratch.dir, timeoutMs: 120_000 },
    step: { steps: {}, context: { workflow_id: workflow }, canRespond: false },
  };
  const outcome = await pool.invoke(request);
  if (!outcome.ok) throw new Error(`${outcome.error?.name}: ${outcome.error?.message}\n${outcome.error?.stack ?? ''}`);
  return outcome.value;
}

describe('the Python runner past the prelude', () => {
  it('reaches the JavaScript bridge only to find no way to make code', async () => {
    const out = (await runPy('p_a', 'return [attempt(lambda: type(bridge()).__name__), attempt(lambda: bridge().to_js({}).constructor.constructor("return process")())]')) as string[];
    expect(out[0]).toBe("ALLOWED: 'module'");
    expect(out[1]).toMatch(/^refused: JsException: Error: Runnel: making JavaScript code from a string is not available/);
  }, 150_000);

  it("cannot change the realm's built-ins for a later step of another workflow", async () => {
    const set = (await runPy('p_a', 'return attempt(lambda: setattr(bridge().to_js([1]).constructor.prototype, "planted", 1))')) as string;
    expect(set).toMatch(/^refused: /);
    const seen = await runPy('p_b', 'return attempt(lambda: getattr(bridge().to_js([1]), "planted", "absent"))');
    expect(seen).toBe("ALLOWED: 'absent'");
  }, 150_000);

  it("runs no shell through the C library's system()", async () => {
    const file = `/tmp/runnel-python-system-${process.pid}`;
    const out = await runPy('p_a', `return attempt(lambda: __import__("posix").system("touch ${file}"))`);
    // 127 << 8: "no shell", and nothing ran.
    expect(out).toBe('ALLOWED: 32512');
    expect(existsSync(file)).toBe(false);
  }, 150_000);
});
