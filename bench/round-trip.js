#!/usr/bin/env node
// What carrying the runner round trip costs: a child process with framed v8.serialize on a
// socketpair (the runner channel today) against a worker thread's MessagePort (structured
// clone). One batch of 18 webhook-like events out, 18 reports back, one message outstanding as
// in the pool; prints round trips/s and the CPU of each side per round trip. Linux (/proc).
// `node bench/round-trip.js [roundTrips]`. A measurement only: runners stay child processes
// (docs/benchmarks.md, issue 15).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { parentPort, Worker } from 'node:worker_threads';

const SELF = fileURLToPath(import.meta.url);
const mode = process.argv[2];
const N = Number(mode === undefined ? 20000 : process.argv[2]) || 20000;

const frame = (m) => {
  const body = serialize(m);
  const f = Buffer.allocUnsafe(4 + body.length);
  f.writeUInt32BE(body.length, 0);
  body.copy(f, 4);
  return f;
};
function reader(onMessage) {
  let buf = Buffer.alloc(0);
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (buf.length >= 4) {
      const n = buf.readUInt32BE(0);
      if (buf.length < 4 + n) break;
      onMessage(deserialize(buf.subarray(4, 4 + n)));
      buf = buf.subarray(4 + n);
    }
  };
}
const reply = (m) => ({ type: 'result', id: m.id, items: m.request.batch.map((e, i) => ({ index: i, ok: true, emits: [{ event: e.body }], db: { set: {}, del: [] } })) });

if (mode === 'child') {
  const s = new Socket({ fd: 3, readable: true, writable: true });
  s.on('data', reader((m) => s.write(frame(reply(m)))));
} else if (mode === 'worker') {
  parentPort.on('message', (m) => parentPort.postMessage(reply(m)));
} else {
  const ticks = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  };
  const batch = {
    type: 'invoke',
    id: 1,
    request: { batch: Array.from({ length: 18 }, (_, i) => ({ method: 'POST', path: '/', headers: { 'content-type': 'application/json', host: 'x' }, body: { i }, bodyRaw: `{"i":${i}}` })) },
  };
  const child = spawn(process.execPath, [SELF, 'child'], { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] });
  const sock = child.stdio[3];
  let onChild = () => {};
  sock.on('data', reader((m) => onChild(m)));
  const worker = new Worker(SELF, { argv: ['worker'] });
  let onWorker = () => {};
  worker.on('message', (m) => onWorker(m));
  const measure = async (send, setOn, otherPid) => {
    let left = N;
    const c0 = process.cpuUsage();
    const k0 = otherPid ? ticks(otherPid) : 0;
    const t0 = performance.now();
    await new Promise((done) => {
      setOn(() => (--left === 0 ? done() : send(batch)));
      send(batch);
    });
    const secs = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    return { perSecond: Math.round(N / secs), thisProcessUs: ((c.user + c.system) / N).toFixed(1), otherProcessUs: otherPid ? (((ticks(otherPid) - k0) * 1e4) / N).toFixed(1) : '-' };
  };
  for (let r = 0; r < 3; r++) {
    const pipe = await measure((m) => sock.write(frame(m)), (f) => (onChild = f), child.pid);
    const port = await measure((m) => worker.postMessage(m), (f) => (onWorker = f));
    console.log(`child pipe: ${pipe.perSecond} round trips/s, ${pipe.thisProcessUs} µs main + ${pipe.otherProcessUs} µs child each`);
    console.log(`worker port: ${port.perSecond} round trips/s, ${port.thisProcessUs} µs for both threads each`);
  }
  child.kill();
  await worker.terminate();
}
