#!/usr/bin/env node
// A/B of two builds' HTTP-source throughput: `node bench/ab.js <dirA> <dirB> [rounds] [events]`.
// Each dir is a built checkout (bin/runnel.js, out/). Both services run side by side with the
// bare baseline; rounds alternate which goes first. Prints each round's events stored/s, the
// ratio to the bare server and the CPU each stored event cost the main process and its
// runners (from /proc), then the medians. CPU per event moves less than throughput on a
// shared machine; neither is worth much when other work keeps the cores busy.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { blast, childPids, median, sleep, startBareServer, startService } from './lib.js';

const [dirA, dirB] = [resolve(process.argv[2] ?? '.'), resolve(process.argv[3] ?? '.')];
const ROUNDS = Number(process.argv[4] ?? 6);
const TOTAL = Number(process.argv[5] ?? 16000);
const EMIT = `export default { name: "bench-http", version: "1", props: { http: "$.interface.http" },
  async run(event) { this.$emit(event.body); } }`;

/** Times a process lost its core to another before it was done (preempted), so far. */
function preempted(pid) {
  try {
    return Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return 0;
  }
}

/** CPU time of a process so far, in clock ticks (1/100 s). */
function ticks(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

async function start(dir, nodeArgs = []) {
  const { url, key, proc, api, stop } = await startService({}, dir, nodeArgs);
  const sources = [];
  for (let i = 0; i < 4; i++) sources.push((await api('/v1/sources', { component_code: EMIT.replace('bench-http', `bench-http-${i}`) })).data);
  await api('/v1/settings', { event_retention: 10_000 }, 'PUT');
  const endpoints = sources.map((s) => s.configured_props.http.endpoint_url);
  const count = async () => {
    let n = 0;
    for (const s of sources) n += (await api(`/v1/sources/${s.id}/event_summaries?limit=1`)).page_info.total_count;
    return n;
  };
  const clear = () => Promise.all(sources.map((s) => fetch(`${url}/v1/sources/${s.id}/events`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } })));
  const cpu = () => ({ main: ticks(proc.pid), runners: childPids(proc.pid).reduce((n, p) => n + ticks(p), 0), preempted: preempted(proc.pid) });
  return {
    async warm(n) {
      await Promise.all(endpoints.map((e) => blast(e, n, 4)));
      while ((await count()) < 4 * n) await sleep(10);
    },
    async round(total) {
      await clear();
      const c0 = cpu();
      const t0 = performance.now();
      const per = Math.floor(total / 4);
      await Promise.all(endpoints.map((e) => blast(e, per, 4)));
      let stored = 0;
      const deadline = Date.now() + 60_000;
      while ((stored = await count()) < per * 4 && Date.now() < deadline) await sleep(5);
      const secs = (performance.now() - t0) / 1000;
      const c1 = cpu();
      return {
        rate: stored / secs,
        mainUs: ((c1.main - c0.main) * 1e4) / stored,
        runUs: ((c1.runners - c0.runners) * 1e4) / stored,
        // Per 1,000 events: how often the main process was preempted (by a runner it woke, the load generator, …).
        preempt: ((c1.preempted - c0.preempted) * 1000) / stored,
      };
    },
    stop,
  };
}

const bare = await startBareServer();
const A = await start(dirA);
// BENCH_NODE_ARGS_B: Node options for B's service only (e.g. a V8 flag against none).
const B = await start(dirB, process.env.BENCH_NODE_ARGS_B ? process.env.BENCH_NODE_ARGS_B.split(' ') : []);
try {
  await blast(bare.url, 12000, 16);
  await A.warm(3000);
  await B.warm(3000);
  const rows = [];
  const f = (x, d = 1) => x.toFixed(d);
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    await blast(bare.url, TOTAL, 16);
    const bareRate = TOTAL / ((performance.now() - t0) / 1000);
    const first = r % 2 ? B : A;
    const second = first === A ? B : A;
    const res = new Map([[first, await first.round(TOTAL)]]);
    res.set(second, await second.round(TOTAL));
    const [a, b] = [res.get(A), res.get(B)];
    rows.push({ bareRate, a, b });
    console.log(
      `round ${r}: bare ${f(bareRate, 0)}/s  A ${f(a.rate, 0)}/s ${f(a.rate / bareRate, 3)}× (main ${f(a.mainUs)} µs, runners ${f(a.runUs)} µs, ${f(a.preempt, 0)} preempted/k)  B ${f(b.rate, 0)}/s ${f(b.rate / bareRate, 3)}× (main ${f(b.mainUs)} µs, runners ${f(b.runUs)} µs, ${f(b.preempt, 0)} preempted/k)  B/A ${f(b.rate / a.rate, 3)}`,
    );
  }
  const m = (g) => median(rows.map(g));
  console.log(
    `medians: A/bare ${f(m((x) => x.a.rate / x.bareRate), 3)}×  B/bare ${f(m((x) => x.b.rate / x.bareRate), 3)}×  B/A ${f(m((x) => x.b.rate / x.a.rate), 3)}×  main µs/event A ${f(m((x) => x.a.mainUs))} B ${f(m((x) => x.b.mainUs))}  runners µs/event A ${f(m((x) => x.a.runUs))} B ${f(m((x) => x.b.runUs))}  main preempted per 1,000 events A ${f(m((x) => x.a.preempt), 0)} B ${f(m((x) => x.b.preempt), 0)}`,
  );
} finally {
  bare.stop();
  await A.stop();
  await B.stop();
}
