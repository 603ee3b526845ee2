// Components cannot reach the runner's powers or each other's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerPool } from '../../src/main/sandbox/client/runner-pool';
import { evalIn, makePool, run, scratchRoot } from './sandbox-helpers';

let pool: RunnerPool;
const scratch = scratchRoot();

beforeAll(() => {
  // One runner: every component below shares it, which is the case isolation must hold for.
  pool = makePool({ maxRunners: 1 });
});
afterAll(async () => {
  await pool.dispose();
  scratch.cleanup();
});

describe('isolation', () => {
  it('has no host process, require, module system or code generation escape', async () => {
    const value = await evalIn(
      pool,
      `const tries = {
         hostProcess: () => typeof globalThis.process.binding,
         hostRequire: () => typeof globalThis.require,
         fnCtor: () => (function () {}).constructor('return process')(),
         asyncFnCtor: () => (async function () {}).constructor('return 1'),
         newFunctionGlobal: () => new Function('return globalThis.process')() === process && typeof process.binding,
         setTimeoutCtor: () => setTimeout.constructor('return process')(),
         bufferCtor: () => Buffer.constructor('return process')(),
         mainModule: () => typeof require.main,
         stackFrames: () => { Error.prepareStackTrace = (e, frames) => frames.map((f) => typeof f.getThis); return typeof new Error('x').stack; },
       };
       const out = {};
       for (const [k, f] of Object.entries(tries)) { try { out[k] = f(); } catch (e) { out[k] = 'threw ' + e.constructor.name; } }
       return out;`,
    );
    expect(value).toEqual({
      hostProcess: 'undefined',
      hostRequire: 'undefined',
      fnCtor: 'threw TypeError',
      asyncFnCtor: 'threw TypeError',
      newFunctionGlobal: 'undefined', // the compartment's own process stand-in
      setTimeoutCtor: 'threw TypeError',
      bufferCtor: 'threw TypeError',
      mainModule: 'undefined',
      stackFrames: 'string',
    });
  });

  it('keeps globals separate between components on the same runner', async () => {
    await evalIn(pool, `globalThis.leak = 'from A'; globalThis.console.leak = 1; return 1;`).catch(() => undefined);
    const b = await evalIn(pool, `return [typeof globalThis.leak, typeof leak, typeof console.leak];`);
    expect(b).toEqual(['undefined', 'undefined', 'undefined']);
  });

  it("one component replacing a module function does not change another's", async () => {
    const a = await evalIn(
      pool,
      `const crypto = require('crypto');
       const out = [];
       try { crypto.createHash = () => 'evil'; } catch (e) { out.push('ns frozen'); }
       try { Object.getPrototypeOf(crypto.createHash('md5')).digest = () => 'evil'; } catch (e) { out.push('Hash.prototype locked'); }
       try { require('events').EventEmitter.prototype.emit = () => false; } catch (e) { out.push('EventEmitter.prototype locked'); }
       try { Buffer.prototype.toString = () => 'evil'; } catch (e) { out.push('Buffer.prototype locked'); }
       try { URL.prototype.toString = () => 'evil'; } catch (e) { out.push('URL.prototype locked'); }
       try { Object.getPrototypeOf(globalThis.crypto.subtle).digest = () => 'evil'; } catch (e) { out.push('SubtleCrypto locked'); }
       try { Array.prototype.push = () => 0; } catch (e) { out.push('intrinsics frozen'); }
       const fh = await require('fs/promises').open('/tmp/f', 'w'); await fh.close();
       try { Object.getPrototypeOf(fh).readFile = () => 'evil'; } catch (e) { out.push('FileHandle locked'); }
       const ws = require('fs').createWriteStream('/tmp/g'); ws.destroy();
       try { Object.getPrototypeOf(ws).close = () => 'evil'; } catch (e) { out.push('WriteStream locked'); }
       const h = crypto.createHash('md5'); h.digest = () => 'own only'; out.push(h.digest());
       return out;`,
      { root: scratch.dir },
    );
    expect(a).toEqual([
      'ns frozen', 'Hash.prototype locked', 'EventEmitter.prototype locked', 'Buffer.prototype locked', 'URL.prototype locked',
      'SubtleCrypto locked', 'intrinsics frozen', 'FileHandle locked', 'WriteStream locked', 'own only',
    ]);
    const b = await evalIn(pool, `const { EventEmitter } = require('events'); const e = new EventEmitter(); let n = 0; e.on('x', () => n++); e.emit('x'); return [require('crypto').createHash('sha1').update('a').digest('hex').slice(0, 6), n, Buffer.from('ok').toString()];`);
    expect(b).toEqual(['86f7e4', 1, 'ok']);
  });

  it('does not share the Buffer pool between components', async () => {
    await evalIn(pool, `Buffer.from('secret-token-of-A'); return 1;`);
    const b = (await evalIn(pool, `const x = Buffer.from('b'); return [x.buffer.byteLength, Buffer.from(x.buffer).toString('latin1').includes('secret-token')];`)) as [number, boolean];
    expect(b[1]).toBe(false);
    expect(b[0]).toBeLessThan(64);
  });

  it("gives each compartment its own http agent, not the runner's shared one", async () => {
    const value = await evalIn(pool, `const http = require('http'); return [http.globalAgent === require('http').globalAgent, typeof http.globalAgent.on];`);
    expect(value).toEqual([true, 'function']);
    const other = await evalIn(pool, `globalThis.mark = require('http').globalAgent; require('http').globalAgent.options.marked = true; return 1;`);
    expect(other).toBe(1);
    const third = await evalIn(pool, `return require('http').globalAgent.options.marked === true;`);
    expect(third).toBe(false);
  });

  it('does not let output reach the runner stdout', async () => {
    const { logs } = await run(pool, `export default { run() { console.log('x'); console.dir({ a: 1 }); console.debug('d'); console.info('i'); console.trace('t'); } }`);
    expect(logs.map((l) => l.stream)).toEqual(['stdout', 'stdout', 'stdout', 'stdout', 'stderr']);
    expect(logs[4].line).toMatch(/^Trace: t\n\s+at .*component\.mjs:/);
  });
});
