#!/usr/bin/env node
// `npm run bench`: figures for the core, each with its goal, and the HTTP throughput as a
// ratio to a bare node:http server measured in the same run on the same machine.
// Everything talks to 127.0.0.1 only, and every loop is bounded in count and time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, blast, childPids, median, pct, round, rssMb, sleep, sse, startBareServer, startService, treeRssMb } from './lib.js';
const quick = process.argv.includes('--quick');
const results = [];

function record(name, value, unit, goal, pass) {
  results.push({ name, value, unit, goal, pass });
  console.log(`${pass === undefined ? '  ' : pass ? 'ok' : '!!'} ${name}: ${value} ${unit}${goal ? `  (goal ${goal})` : ''}`);
}

const EMIT_BODY = `export default { name: "bench-http", version: "1", props: { http: "$.interface.http" },
  async run(event) { this.$emit(event.body); } }`;

const WARM_UP_PER_SOURCE = quick ? 500 : 3000;

async function throughput(total) {
  // Baseline: a bare node:http server parsing the JSON body, in a process of its own as the
  // service is (bench/bare-server.js). Bare and service rounds alternate, so that both see the
  // same machine (these cores are shared and drift), and the ratio is the median of each pair's ratio.
  const bare = await startBareServer();
  const bareUrl = bare.url;
  // Both are measured in steady state: warmed up until the JIT has compiled their hot paths
  // (the service has far more code on its path than a bare server; short warm-ups measured its
  // compiler, 20-40 % below steady state).
  await blast(bareUrl, 4 * WARM_UP_PER_SOURCE, 16);

  const svc = await startService();
  try {
    const sources = [];
    for (let i = 0; i < 4; i++) sources.push((await svc.api('/v1/sources', { component_code: EMIT_BODY.replace('bench-http', `bench-http-${i}`) })).data);
    // Count stored events with total_count (retention raised for the run) rather than SSE,
    // so counting costs neither side measurable CPU.
    await svc.api('/v1/settings', { event_retention: 10_000 }, 'PUT');
    const storedCount = async () => {
      let n = 0;
      for (const s of sources) n += (await svc.api(`/v1/sources/${s.id}/event_summaries?limit=1`)).page_info.total_count;
      return n;
    };
    const clear = () => Promise.all(sources.map((s) => fetch(`${svc.url}/v1/sources/${s.id}/events`, { method: 'DELETE', headers: { authorization: `Bearer ${svc.key}` } })));
    const endpoints = sources.map((s) => s.configured_props.http.endpoint_url);
    await Promise.all(endpoints.map((e) => blast(e, WARM_UP_PER_SOURCE, 4)));
    while ((await storedCount()) < 4 * WARM_UP_PER_SOURCE) await sleep(10);
    const bareRates = [];
    const rates = [];
    let retried = 0;
    for (let round = 0; round < 5; round++) {
      let t0 = performance.now();
      await blast(bareUrl, total, 16);
      bareRates.push(total / ((performance.now() - t0) / 1000));
      await clear();
      t0 = performance.now();
      const per = Math.floor(total / endpoints.length);
      const sent = await Promise.all(endpoints.map((e) => blast(e, per, 4)));
      retried += sent.reduce((n, r) => n + r.retried, 0);
      const deadline = Date.now() + 60_000;
      let stored = 0;
      while ((stored = await storedCount()) < per * endpoints.length && Date.now() < deadline) await sleep(5);
      rates.push(stored / ((performance.now() - t0) / 1000));
    }
    const ratio = median(rates.map((r, i) => r / bareRates[i]));
    record('bare node:http (JSON parse, own process) requests/s, median of 5', Math.round(median(bareRates)), 'req/s');
    record(`HTTP source events stored/s, median of 5 (4 sources; ${retried} requests retried after 429)`, Math.round(median(rates)), 'events/s');
    record('HTTP source throughput ratio to bare node:http (own process), median of 5 alternating pairs', round(ratio), '×', '≥ 0.5', ratio >= 0.5);
  } finally {
    bare.stop();
    await svc.stop();
  }
}

async function latency(rate, seconds) {
  const svc = await startService();
  try {
    const src = (await svc.api('/v1/sources', { component_code: EMIT_BODY })).data;
    const endpoint = src.configured_props.http.endpoint_url;
    const samples = [];
    const close = await sse(svc, src.id, (f) => {
      if (typeof f.e?.sent === 'number') samples.push(performance.timeOrigin + performance.now() - f.e.sent);
    });
    await blast(endpoint, 200, 2, () => JSON.stringify({ warm: true }));
    await sleep(300);
    samples.length = 0;
    const n = rate * seconds;
    const gap = 1000 / rate;
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const u = new URL(endpoint);
    const start = performance.now();
    for (let i = 0; i < n; i++) {
      const due = start + i * gap;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const body = JSON.stringify({ sent: performance.timeOrigin + performance.now(), i });
      const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (r) => r.resume());
      req.on('error', () => undefined);
      req.end(body);
    }
    const deadline = Date.now() + 10_000;
    while (samples.length < n && Date.now() < deadline) await sleep(10);
    agent.destroy();
    close();
    record(`webhook→SSE latency p50 at ${rate}/s`, round(median(samples)), 'ms', '< 2 ms', median(samples) < 2);
    record(`webhook→SSE latency p99 at ${rate}/s`, round(pct(samples, 99)), 'ms', '< 10 ms', pct(samples, 99) < 10);
  } finally {
    await svc.stop();
  }
}

async function timersAndMemory(seconds) {
  const svc = await startService();
  try {
    await sleep(500);
    const idle = treeRssMb(svc.proc.pid);
    record('idle RSS (service, no sources)', round(idle, 1), 'MB', '< 150 MB', idle < 150);
    // Deploy latency: a saved component, warm runner, no npm fetch.
    const comp = `export default { name: "tick", version: "1", props: { timer: { type: "$.interface.timer", default: { intervalSeconds: 1 } } },
      async run(event) { this.$emit({ at: Date.now() }); } }`;
    const saved = (await svc.api('/v1/components', { component_code: comp })).data;
    await svc.api('/v1/sources', { component_id: saved.id, configured_props: { timer: { intervalSeconds: 3600 } } });
    const deploys = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await svc.api('/v1/sources', { component_id: saved.id, configured_props: { timer: { intervalSeconds: 3600 } } });
      deploys.push(performance.now() - t0);
    }
    record('deploy latency median (saved component, warm runner)', round(median(deploys)), 'ms', '< 150 ms', median(deploys) < 150);
    const fresh = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await svc.api('/v1/sources', { component_code: comp.replace('"tick"', `"tick-${i}"`), configured_props: { timer: { intervalSeconds: 3600 } } });
      fresh.push(performance.now() - t0);
    }
    record('deploy latency median (new code: compile + check + deploy)', round(median(fresh)), 'ms', '< 150 ms', median(fresh) < 150);

    const base = treeRssMb(svc.proc.pid);
    const ids = [];
    for (let i = 0; i < 50; i++) ids.push((await svc.api('/v1/sources', { component_id: saved.id })).data.id);
    const fires = new Map(ids.map((id) => [id, []]));
    const closers = await Promise.all(ids.map((id) => sse(svc, id, (f) => fires.get(id).push(f.e.at))));
    await sleep(seconds * 1000);
    closers.forEach((c) => c());
    const jitter = [];
    // From the second interval on: the first overlaps the bench still deploying the other
    // sources and opening their streams.
    for (const ts of fires.values()) for (let i = 2; i < ts.length; i++) jitter.push(Math.abs(ts[i] - ts[i - 1] - 1000));
    if (process.env.BENCH_DEBUG) {
      console.log('jitter p50/p90/p99/max', pct(jitter, 50), pct(jitter, 90), pct(jitter, 99), Math.max(...jitter));
      for (const [id, ts] of [...fires].filter(([, ts]) => ts.some((t, i) => i && Math.abs(t - ts[i - 1] - 1000) > 20)).slice(0, 5)) console.log(id, ts.map((t, i) => (i ? t - ts[i - 1] : 0)).join(' '));
    }
    record(`timer jitter p99 (50 sources at 1 s, ${jitter.length} steady-state intervals)`, round(pct(jitter, 99)), 'ms', '< 20 ms', pct(jitter, 99) < 20);
    const loaded = treeRssMb(svc.proc.pid);
    const perSource = (loaded - base) / 50;
    record('RSS with 50 more sources deployed and firing', round(loaded, 1), 'MB');
    record('RSS per extra source', round(perSource, 2), 'MB', '< 8 MB', perSource < 8);
  } finally {
    await svc.stop();
  }
}

async function workflows() {
  const svc = await startService();
  try {
    const step = (i) => ({ name: `s${i}`, code: `export default defineComponent({ async run({ steps }) { return ${i === 0 ? 1 : `steps.s${i - 1}.$return_value + 1`}; } })` });
    const wf = (await svc.api('/v1/workflows', { name: 'ten', trigger: { type: 'manual' }, steps: Array.from({ length: 10 }, (_, i) => step(i)) })).data;
    for (let i = 0; i < 10; i++) await svc.api(`/v1/workflows/${wf.id}/run`, { event: {} });
    const server = [];
    const client = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const run = (await svc.api(`/v1/workflows/${wf.id}/run`, { event: {} })).data;
      client.push(performance.now() - t0);
      if (run.steps[9].$return_value !== 10) throw new Error('the 10-step workflow did not pass its data along');
      server.push(run.duration_ms);
    }
    record('10-step workflow, run duration median (server)', round(median(server)), 'ms', '< 10 ms', median(server) < 10);
    record('10-step workflow, POST …/run round trip median', round(median(client)), 'ms', '< 10 ms', median(client) < 10);

    // Source → subscription → workflow: webhook sent → the workflow's step starts.
    const src = (await svc.api('/v1/sources', { component_code: EMIT_BODY })).data;
    const listener = (
      await svc.api('/v1/workflows', {
        name: 'listener',
        trigger: { type: 'source', source_id: src.id },
        steps: [{ name: 'at', code: 'export default defineComponent({ async run({ steps }) { return Date.now() - steps.trigger.event.sent; } })' }],
      })
    ).data;
    const endpoint = src.configured_props.http.endpoint_url;
    const post = (sent) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sent }) });
    for (let i = 0; i < 20; i++) await post(Date.now());
    await sleep(500);
    const n = 100;
    for (let i = 0; i < n; i++) {
      await post(Date.now());
      await sleep(20);
    }
    const deadline = Date.now() + 10_000;
    let lat = [];
    while (Date.now() < deadline) {
      const runs = (await svc.api(`/v1/workflows/${listener.id}/runs?limit=100`)).data.filter((r) => r.status === 'success');
      lat = runs.map((r) => r.steps[0].$return_value);
      if (lat.length >= n) break;
      await sleep(100);
    }
    record(`source→subscription→workflow latency p50 (${lat.length} runs at 50/s)`, median(lat), 'ms');
    record(`source→subscription→workflow latency p99`, pct(lat, 99), 'ms');
  } finally {
    await svc.stop();
  }
}

/** Time from spawning `runnel serve` to its listening line: a fresh data dir, then a warm one. */
async function coldStart() {
  const once = async (dataDir) => {
    const t0 = performance.now();
    const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    await new Promise((res, rej) => {
      proc.stdout.on('data', (d) => {
        out += d;
        if (/Runnel listening on /.test(out)) res();
      });
      proc.once('exit', (c) => rej(new Error(`service exited ${c}`)));
    });
    const ms = performance.now() - t0;
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    return ms;
  };
  const fresh = [];
  const warm = [];
  for (let i = 0; i < 5; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'runnel-bench-cold-'));
    fresh.push(await once(dir));
    warm.push(await once(dir));
    rmSync(dir, { recursive: true, force: true });
  }
  record('cold start median, fresh data dir (spawn → listening)', Math.round(median(fresh)), 'ms', '< 1 s', median(fresh) < 1000);
  record('cold start median, existing data dir', Math.round(median(warm)), 'ms', '< 1 s', median(warm) < 1000);
}

/** `runnel dev` on an HTTP source: from writing the file to the endpoint answering with the new code. */
async function hotReload(rounds) {
  const svc = await startService();
  const dir = mkdtempSync(join(tmpdir(), 'runnel-bench-dev-'));
  const file = join(dir, 'echo.mjs');
  const code = (v) => `export default { name: "bench-dev", version: "0.0.${v}", props: { http: { type: "$.interface.http", customResponse: true } },
  async run(event) { this.http.respond({ status: 200, body: { v: ${v} } }); } };\n`;
  writeFileSync(file, code(0));
  const dev = spawn(process.execPath, [BIN, 'dev', file, '--json', '--rm'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, RUNNEL_URL: svc.url, RUNNEL_API_KEY: svc.key },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let out = '';
    const lines = [];
    dev.stdout.on('data', (d) => {
      out += d;
      let i;
      while ((i = out.indexOf('\n')) !== -1) {
        lines.push(JSON.parse(out.slice(0, i)));
        out = out.slice(i + 1);
      }
    });
    const waitLine = async (type) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = lines.find((l) => l.type === type);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`runnel dev printed no ${type} line`);
        await sleep(5);
      }
    };
    const ready = await waitLine('ready');
    await waitLine('watching');
    const answer = async () => (await (await fetch(ready.endpoint, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).json()).v;
    for (let i = 0; i < 20; i++) await answer();
    const times = [];
    for (let v = 1; v <= rounds; v++) {
      const t0 = performance.now();
      writeFileSync(file, code(v));
      while ((await answer()) !== v) {
        if (performance.now() - t0 > 10_000) throw new Error('the new code never answered');
      }
      times.push(performance.now() - t0);
      await sleep(100);
    }
    record(`hot reload median (runnel dev: save → new code answers the next request; ${rounds} saves)`, Math.round(median(times)), 'ms', '< 300 ms', median(times) < 300);
    record('hot reload p90', Math.round(pct(times, 90)), 'ms');
  } finally {
    dev.kill('SIGINT');
    await new Promise((r) => dev.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
    await svc.stop();
  }
}

/**
 * What the OS wall around runners costs (Node's permission model, no-new-privs, the
 * unprivileged user): two services side by side, one started with RUNNEL_BENCH_ONLY_NO_OS_WALL,
 * the same HTTP-source load in alternating rounds; the ratio is the median of the pairs'.
 * And the resident size of their runners once warm.
 */
async function osWall(total, rounds) {
  const walled = await startService();
  const bare = await startService({ RUNNEL_BENCH_ONLY_NO_OS_WALL: '1' });
  try {
    const setUp = async (svc) => {
      const sources = [];
      for (let i = 0; i < 4; i++) sources.push((await svc.api('/v1/sources', { component_code: EMIT_BODY.replace('bench-http', `bench-http-${i}`) })).data);
      await svc.api('/v1/settings', { event_retention: 10_000 }, 'PUT');
      const endpoints = sources.map((s) => s.configured_props.http.endpoint_url);
      const stored = async () => {
        let n = 0;
        for (const s of sources) n += (await svc.api(`/v1/sources/${s.id}/event_summaries?limit=1`)).page_info.total_count;
        return n;
      };
      const clear = () => Promise.all(sources.map((s) => fetch(`${svc.url}/v1/sources/${s.id}/events`, { method: 'DELETE', headers: { authorization: `Bearer ${svc.key}` } })));
      const round = async (n) => {
        await clear();
        const t0 = performance.now();
        const per = Math.floor(n / endpoints.length);
        await Promise.all(endpoints.map((e) => blast(e, per, 4)));
        const deadline = Date.now() + 60_000;
        let count = 0;
        while ((count = await stored()) < per * endpoints.length && Date.now() < deadline) await sleep(5);
        return count / ((performance.now() - t0) / 1000);
      };
      return { round };
    };
    const a = await setUp(walled);
    const b = await setUp(bare);
    const layers = async (svc) => (await svc.api('/v1/system')).data.sandbox;
    console.log('   with the wall:', JSON.stringify(await layers(walled)));
    console.log('   without:      ', JSON.stringify(await layers(bare)));
    await a.round(4 * WARM_UP_PER_SOURCE);
    await b.round(4 * WARM_UP_PER_SOURCE);
    const withWall = [];
    const without = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate which goes first, so that neither always follows the other's load.
      if (i % 2 === 0) {
        withWall.push(await a.round(total));
        without.push(await b.round(total));
      } else {
        without.push(await b.round(total));
        withWall.push(await a.round(total));
      }
    }
    const ratios = withWall.map((w, i) => w / without[i]);
    if (process.env.BENCH_DEBUG) console.log('   pairs (with / without):', withWall.map((w, i) => `${Math.round(w)}/${Math.round(without[i])}`).join(' '));
    record(`HTTP source events stored/s with the OS wall, median of ${rounds}`, Math.round(median(withWall)), 'events/s');
    record(`HTTP source events stored/s without it, median of ${rounds}`, Math.round(median(without)), 'events/s');
    record(`throughput with / without the OS wall, median of ${rounds} alternating pairs`, round(median(ratios)), '×');
    const isRunner = (pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('runner.js');
      } catch {
        return false;
      }
    };
    const runnerRss = (svc) => childPids(svc.proc.pid).filter(isRunner).map(rssMb).filter((mb) => mb > 0);
    const rw = runnerRss(walled);
    const rb = runnerRss(bare);
    record(`runner RSS with the OS wall, median of ${rw.length} warm runners`, round(median(rw), 1), 'MB');
    record(`runner RSS without it, median of ${rb.length} warm runners`, round(median(rb), 1), 'MB');
  } finally {
    await walled.stop();
    await bare.stop();
  }
}

console.log(`Runnel benchmarks (node ${process.version}); 2 shared cores: read medians and ratios, not absolutes.\n`);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (process.argv.includes('--help')) {
  console.log('npm run bench [-- --quick] [-- --only=throughput|latency|timers|workflows|reload|coldstart|oswall]');
  process.exit(0);
}
if (!only || only === 'throughput') await throughput(quick ? 2000 : 16000);
if (!only || only === 'latency') await latency(200, quick ? 3 : 10);
if (!only || only === 'timers') await timersAndMemory(quick ? 5 : 12);
if (!only || only === 'workflows') await workflows();
if (!only || only === 'reload') await hotReload(quick ? 5 : 15);
if (!only || only === 'coldstart') await coldStart();
if (!only || only === 'oswall') await osWall(quick ? 4000 : 16000, quick ? 4 : 6);
const missed = results.filter((r) => r.pass === false);
console.log(`\n${results.filter((r) => r.pass).length} goals met, ${missed.length} missed${missed.length ? ': ' + missed.map((r) => r.name).join('; ') : ''}`);
