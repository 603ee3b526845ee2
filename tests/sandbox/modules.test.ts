// What `require`, `fs`, `process` and `os` give a component, and what they refuse.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalIn, run, usePool } from './sandbox-helpers';

const { pool, scratch } = usePool({ maxRunners: 2 });

const ALLOWED = [
  'crypto', 'buffer', 'url', 'querystring', 'stream', 'stream/promises', 'events', 'util', 'zlib', 'path',
  'string_decoder', 'assert', 'http', 'https', 'timers', 'timers/promises', 'os', 'fs', 'fs/promises',
];
const REFUSED = ['child_process', 'worker_threads', 'cluster', 'vm', 'v8', 'inspector', 'dgram', 'module', 'dns', 'readline', 'wasi', 'repl', 'trace_events', 'sys', '_http_agent'];

describe('require', () => {
  it('gives every allowed built-in, with and without node:', async () => {
    const value = (await evalIn(
      pool,
      `const out = {};
       for (const name of ${JSON.stringify(ALLOWED)}) {
         const a = require(name), b = require('node:' + name);
         out[name] = (typeof a === 'object' || typeof a === 'function') && a === b && Object.keys(a).length > 0;
       }
       return out;`,
    )) as Record<string, boolean>;
    expect(value).toEqual(Object.fromEntries(ALLOWED.map((n) => [n, true])));
  });

  it('allowed built-ins work', async () => {
    const value = await evalIn(
      pool,
      `const crypto = require('crypto'), zlib = require('zlib'), { pipeline } = require('stream/promises');
       const { Readable, Writable } = require('stream'), { EventEmitter } = require('events');
       class Bus extends EventEmitter {}
       const bus = new Bus(); let heard; bus.on('x', (v) => (heard = v)); bus.emit('x', 3);
       const chunks = [];
       await pipeline(Readable.from(['a', 'b']), zlib.createGzip(), zlib.createGunzip(), new Writable({ write(c, _e, cb) { chunks.push(c); cb(); } }));
       await require('timers/promises').setTimeout(1);
       await require('util').promisify(setTimeout)(1);
       let assertCode; try { require('assert').deepStrictEqual({ a: 1 }, { a: 2 }); } catch (e) { assertCode = e.code; }
       return {
         hash: crypto.createHash('sha256').update('a').digest('hex').slice(0, 8),
         uuid: crypto.randomUUID().length,
         subtle: Buffer.from(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode('a'))).toString('hex').slice(0, 8),
         heard, piped: Buffer.concat(chunks).toString(), assertCode,
         path: require('path').join('/a', '..', 'b'),
         qs: require('querystring').stringify({ a: 'b c' }),
         url: new URL('https://x.y/p?q=1').searchParams.get('q'),
         fmt: require('util').format('%s=%d', 'n', 5),
         sd: new (require('string_decoder').StringDecoder)('utf8').write(Buffer.from('é')),
         date: typeof Date.now(), rnd: typeof Math.random(),
         web: [typeof fetch, typeof Headers, typeof AbortController, typeof structuredClone, typeof performance.now(), atob(btoa('hi'))],
       };`,
    );
    expect(value).toEqual({
      hash: 'ca978112', uuid: 36, subtle: 'ca978112', heard: 3, piped: 'ab', assertCode: 'ERR_ASSERTION',
      path: '/b', qs: 'a=b%20c', url: '1', fmt: 'n=5', sd: 'é', date: 'number', rnd: 'number',
      web: ['function', 'function', 'function', 'function', 'number', 'hi'],
    });
  });

  it('keeps common Node patterns working on the locked host classes', async () => {
    const value = await evalIn(
      pool,
      `const http = require('http'), util = require('util'), { EventEmitter, once } = require('events');
       const { Readable, Transform, Writable } = require('stream');
       class Upper extends Transform { _transform(c, _e, cb) { cb(null, String(c).toUpperCase()); } }
       function Legacy() { EventEmitter.call(this); } util.inherits(Legacy, EventEmitter);
       const legacy = new Legacy(); setTimeout(() => legacy.emit('ready', 'L'), 1);
       const [fromLegacy] = await once(legacy, 'ready');
       let upper = ''; for await (const c of Readable.from(['a', 'b']).pipe(new Upper())) upper += c;
       const mapped = await Readable.from([1, 2, 3]).map((x) => x * 2).toArray();
       const server = http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ path: req.url })); });
       await new Promise((r) => server.listen(0, '127.0.0.1', r));
       const base = 'http://127.0.0.1:' + server.address().port;
       const viaFetch = await (await fetch(base + '/f', { signal: AbortSignal.timeout(5000) })).json();
       const viaHttp = await new Promise((resolve, reject) => http.get(base + '/h', (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => resolve(JSON.parse(b))); }).on('error', reject));
       await new Promise((r) => server.close(r));
       const key = require('crypto').randomBytes(32), iv = require('crypto').randomBytes(16);
       const c = require('crypto').createCipheriv('aes-256-cbc', key, iv); const enc = Buffer.concat([c.update('secret'), c.final()]);
       const d = require('crypto').createDecipheriv('aes-256-cbc', key, iv); const dec = Buffer.concat([d.update(enc), d.final()]).toString();
       let ticks = 0; await new Promise((r) => { const t = setInterval(() => { if (++ticks === 3) { clearInterval(t); r(); } }, 1); });
       return { fromLegacy, upper, mapped, viaFetch, viaHttp, dec, ticks, gz: require('zlib').gunzipSync(require('zlib').gzipSync('z')).toString(),
                clone: structuredClone(new Map([[1, 2]])).get(1), qs: new URLSearchParams({ a: '1' }).toString() };`,
    );
    expect(value).toEqual({
      fromLegacy: 'L', upper: 'AB', mapped: [2, 4, 6], viaFetch: { path: '/f' }, viaHttp: { path: '/h' }, dec: 'secret', ticks: 3, gz: 'z', clone: 2, qs: 'a=1',
    });
  });

  it('refuses other built-ins by name, npm packages and relative paths with clear messages', async () => {
    const value = (await evalIn(
      pool,
      `const out = {};
       for (const name of ${JSON.stringify([...REFUSED, 'node:child_process', 'axios', './util.js'])}) {
         try { require(name); out[name] = 'loaded'; } catch (e) { out[name] = e.message; }
       }
       return out;`,
    )) as Record<string, string>;
    for (const name of REFUSED) expect(value[name]).toBe(`Runnel: the "${name}" module is not available to components`);
    expect(value['node:child_process']).toBe('Runnel: the "child_process" module is not available to components');
    expect(value.axios).toMatch(/npm packages are not supported yet.*"axios"/);
    expect(value['./util.js']).toMatch(/single file/);
  });

  it('gives net, tls, http2 and tty as stand-ins whose helpers work and whose sockets refuse', async () => {
    const value = (await evalIn(
      pool,
      `const net = require('net'), tls = require('node:tls'), http2 = require('http2'), tty = require('tty');
       const out = { isIP: net.isIP('127.0.0.1'), roots: tls.rootCertificates.length > 10, settings: typeof http2.getDefaultSettings(), isatty: tty.isatty(1) };
       for (const [k, f] of Object.entries({ net: () => net.connect(80, 'example.com'), server: () => net.createServer(), socket: () => new net.Socket(),
         tls: () => tls.connect(443, 'example.com'), context: () => tls.createSecureContext(), http2: () => http2.connect('https://example.com'), tty: () => new tty.WriteStream(1) })) {
         try { f(); out[k] = 'allowed'; } catch (e) { out[k] = e.message; }
       }
       return out;`,
    )) as Record<string, unknown>;
    expect(value).toMatchObject({ isIP: 4, roots: true, settings: 'object', isatty: false });
    expect(value.net).toBe('Runnel: net.connect() is not available to components; use http, https or fetch');
    expect(value.server).toBe('Runnel: net.createServer() is not available to components; use http, https or fetch');
    expect(value.socket).toBe('Runnel: new net.Socket() is not available to components; use http, https or fetch');
    expect(value.tls).toBe('Runnel: tls.connect() is not available to components; use http, https or fetch');
    expect(value.context).toMatch(/^Runnel: tls\.createSecureContext\(\) is not available/);
    expect(value.http2).toMatch(/^Runnel: http2\.connect\(\) is not available/);
    expect(value.tty).toMatch(/^Runnel: new tty\.WriteStream\(\) is not available to components/);
  });

  it('supports dynamic import() of allowed modules and refuses the rest', async () => {
    const value = await evalIn(
      pool,
      `const c = await import('node:crypto');
       let refused; try { await import('child_process'); } catch (e) { refused = e.message; }
       return [typeof c.createHash, typeof c.default.createHash, refused];`,
    );
    expect(value).toEqual(['function', 'function', 'Runnel: the "child_process" module is not available to components']);
  });
});

describe('process and os', () => {
  it('process holds only PD_COMPONENT and harmless facts; no exit, kill, binding', async () => {
    const value = (await evalIn(
      pool,
      `let exitError; try { process.exit(1); } catch (e) { exitError = e.constructor.name; }
       return {
         env: { ...process.env }, envKeys: Object.keys(process.env), frozen: Object.isFrozen(process.env),
         exitError, exit: typeof process.exit, abort: typeof process.abort, kill: typeof process.kill,
         binding: typeof process.binding, dlopen: typeof process.dlopen, mainModule: typeof process.mainModule,
         cwd: process.cwd(), platform: process.platform === require('os').platform(), hr: typeof process.hrtime.bigint(),
         version: process.version.startsWith('v'), ticked: await new Promise((r) => process.nextTick(() => r(true))),
         same: require('process') === process,
       };`,
      { instanceId: 'dc_envcheck' },
    )) as Record<string, unknown>;
    expect(value).toMatchObject({
      env: { PD_COMPONENT: 'dc_envcheck' }, envKeys: ['PD_COMPONENT'], frozen: true, exitError: 'TypeError',
      exit: 'undefined', abort: 'undefined', kill: 'undefined',
      binding: 'undefined', dlopen: 'undefined', mainModule: 'undefined', cwd: '/tmp', platform: true, hr: 'bigint',
      version: true, ticked: true, same: true,
    });
  });

  it('process.stdout.write goes to the component log, not the runner', async () => {
    const { logs } = await run(pool, `export default { run() { process.stdout.write('out line\\n'); process.stderr.write('err line'); } }`);
    expect(logs).toEqual([{ stream: 'stdout', line: 'out line' }, { stream: 'stderr', line: 'err line' }]);
  });

  it('os is read-only facts with /tmp as tmpdir and homedir', async () => {
    const value = await evalIn(
      pool,
      `const os = require('os');
       return { tmp: os.tmpdir(), home: os.homedir(), cpus: os.cpus().length > 0, mem: os.totalmem() > 0,
                setPriority: typeof os.setPriority, userInfo: typeof os.userInfo, nics: typeof os.networkInterfaces,
                frozen: Object.isFrozen(os), eol: os.EOL };`,
    );
    expect(value).toEqual({ tmp: '/tmp', home: '/tmp', cpus: true, mem: true, setPriority: 'undefined', userInfo: 'undefined', nics: 'undefined', frozen: true, eol: '\n' });
  });
});

describe('fs', () => {
  it('works inside /tmp in every form, mapped to the scratch folder', async () => {
    const value = await evalIn(
      pool,
      `const fs = require('fs'), fsp = require('fs/promises');
       fs.mkdirSync('/tmp/a/b', { recursive: true });
       fs.writeFileSync('/tmp/a/b/one.txt', 'one');
       fs.appendFileSync('/tmp/a/b/one.txt', '+');
       await fsp.writeFile(new URL('file:///tmp/a/two.txt'), 'two');
       await new Promise((r, j) => fs.writeFile(Buffer.from('/tmp/a/three.txt'), 'three', (e) => (e ? j(e) : r())));
       fs.copyFileSync('/tmp/a/two.txt', '/tmp/a/copy.txt');
       fs.renameSync('/tmp/a/copy.txt', '/tmp/a/moved.txt');
       const dir = fs.mkdtempSync('/tmp/x-');
       const fd = fs.openSync('/tmp/a/fd.txt', 'w'); fs.writeSync(fd, 'via fd'); fs.closeSync(fd);
       const fh = await fsp.open('/tmp/a/fd.txt', 'r'); const viaHandle = (await fh.readFile('utf8')); await fh.close();
       await new Promise((r) => fs.createWriteStream('/tmp/a/stream.txt').end('streamed', r));
       let streamed = ''; for await (const c of fs.createReadStream('/tmp/a/stream.txt', 'utf8')) streamed += c;
       fs.truncateSync('/tmp/a/b/one.txt', 3);
       const listing = fs.readdirSync('/tmp/a').sort();
       const dirents = fs.readdirSync('/tmp/a', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
       const out = {
         one: fs.readFileSync('/tmp/a/b/one.txt', 'utf8'), two: await fsp.readFile('/tmp/a/two.txt', 'utf8'),
         three: fs.readFileSync('/tmp/a/three.txt', 'utf8'), moved: fs.existsSync('/tmp/a/moved.txt'),
         copyGone: fs.existsSync('/tmp/a/copy.txt'), tmpdir: dir.startsWith('/tmp/x-'), viaHandle, streamed,
         listing, dirents, size: fs.statSync('/tmp/a/two.txt').size, lsize: (await fsp.lstat('/tmp/a/two.txt')).size,
         real: fs.realpathSync('/tmp/a/../a/two.txt'), access: await fsp.access('/tmp/a').then(() => 'ok'),
       };
       fs.unlinkSync('/tmp/a/moved.txt'); fs.rmdirSync(dir); await fsp.rm('/tmp/a/b', { recursive: true });
       out.after = fs.readdirSync('/tmp/a').sort();
       let missing; try { fs.readFileSync('/tmp/nope.txt'); } catch (e) { missing = [e.code, e.message, e.path]; }
       out.missing = missing;
       return out;`,
      { instanceId: 'dc_fs', root: scratch.dir },
    );
    expect(value).toEqual({
      one: 'one', two: 'two', three: 'three', moved: true, copyGone: false, tmpdir: true, viaHandle: 'via fd', streamed: 'streamed',
      listing: ['b', 'fd.txt', 'moved.txt', 'stream.txt', 'three.txt', 'two.txt'], dirents: ['b'], size: 3, lsize: 3,
      real: '/tmp/a/two.txt', access: 'ok',
      after: ['fd.txt', 'stream.txt', 'three.txt', 'two.txt'],
      missing: ['ENOENT', "ENOENT: no such file or directory, open '/tmp/nope.txt'", '/tmp/nope.txt'],
    });
    expect(readFileSync(join(scratch.dir, 'dc_fs', 'a', 'two.txt'), 'utf8')).toBe('two');
  });

  it('refuses paths outside /tmp, .. escapes, relative paths, symlinks and foreign fds', async () => {
    writeFileSync(join(scratch.dir, 'outside.txt'), 'secret');
    const value = (await evalIn(
      pool,
      `const fs = require('fs'), fsp = require('fs/promises');
       const tries = {
         etc: () => fs.readFileSync('/etc/passwd'),
         dotdot: () => fs.readFileSync('/tmp/../etc/passwd'),
         sibling: () => fs.readFileSync('/tmp/../outside.txt'),
         relative: () => fs.readFileSync('x.txt'),
         url: () => fs.readFileSync(new URL('file:///etc/hosts')),
         buffer: () => fs.readFileSync(Buffer.from('/etc/hosts')),
         write: () => fs.writeFileSync('/home/x', 'y'),
         rename: () => fs.renameSync('/tmp/a', '/etc/a'),
         symlink: () => fs.symlinkSync('/etc/passwd', '/tmp/link'),
         link: () => fs.linkSync('/tmp/a', '/tmp/b'),
         chmod: () => fs.chmodSync('/tmp', 0o777),
         watch: () => fs.watch('/tmp'),
         stdout: () => fs.writeSync(1, 'to the runner stdout'),
         ipc: () => fs.readSync(3, Buffer.alloc(10)),
         tmpPrefix: () => fs.mkdtempSync('/tmp'),
         exists: () => fs.existsSync('/etc/passwd'),
         stream: () => fs.createReadStream('/etc/passwd'),
         streamCtor: () => { const s = fs.createWriteStream('/tmp/s.txt'); s.destroy(); return s.constructor('/etc/passwd'); },
         newReadStream: () => new fs.ReadStream('/etc/passwd'),
       };
       const out = {};
       for (const [k, f] of Object.entries(tries)) { try { f(); out[k] = 'allowed'; } catch (e) { out[k] = e.code + ' ' + e.message; } }
       out.promise = await fsp.readFile('/etc/passwd').then(() => 'allowed', (e) => e.code + ' ' + e.message);
       out.callback = await new Promise((r) => fs.readFile('/etc/passwd', (e) => r(e ? e.code + ' ' + e.message : 'allowed')));
       out.psymlink = await fsp.symlink('/etc/passwd', '/tmp/l2').then(() => 'allowed', (e) => e.code + ' ' + e.message);
       return out;`,
      { instanceId: 'dc_fs2', root: scratch.dir },
    )) as Record<string, string>;
    expect(value.etc).toBe('EACCES Runnel: fs access outside /tmp is not allowed: /etc/passwd');
    expect(value.dotdot).toBe('EACCES Runnel: fs access outside /tmp is not allowed: /etc/passwd');
    expect(value.sibling).toBe('EACCES Runnel: fs access outside /tmp is not allowed: /outside.txt');
    expect(value.relative).toMatch(/^EACCES .*must be absolute/);
    expect(value.url).toMatch(/^EACCES .*outside \/tmp.*\/etc\/hosts/);
    expect(value.buffer).toMatch(/^EACCES .*outside \/tmp.*\/etc\/hosts/);
    for (const k of ['write', 'rename', 'tmpPrefix', 'exists', 'stream', 'promise', 'callback']) expect(value[k]).toMatch(/^EACCES Runnel: fs access outside \/tmp/);
    expect(value.symlink).toMatch(/^EACCES Runnel: fs\.symlinkSync is not available to components/);
    expect(value.psymlink).toMatch(/^EACCES Runnel: fs\.symlink is not available to components/);
    expect(value.link).toMatch(/^EACCES Runnel: fs\.linkSync is not available/);
    expect(value.chmod).toMatch(/^EACCES Runnel: fs\.chmodSync is not available/);
    expect(value.watch).toMatch(/^EACCES Runnel: fs\.watch is not available/);
    expect(value.stdout).toMatch(/^EACCES Runnel: file descriptor 1 was not opened by this component/);
    expect(value.ipc).toMatch(/^EACCES Runnel: file descriptor 3 was not opened by this component/);
    expect(value.streamCtor).toMatch(/^EACCES Runnel: new fs\.WriteStream\(\) is not available/);
    expect(value.newReadStream).toMatch(/^EACCES Runnel: new fs\.ReadStream\(\) is not available/);
    expect(existsSync(join(scratch.dir, 'dc_fs2', 'link'))).toBe(false);
  });

  it('refuses the file system while a component is inspected', async () => {
    const { compileComponent } = await import('../../src/main/runtime/compile-component');
    const { code, codeHash } = await compileComponent(`require('fs').writeFileSync('/tmp/x', 'y'); export default {}`);
    await expect(pool.inspect(code, codeHash)).rejects.toThrow(/not available while a component is being inspected/);
  });
});
