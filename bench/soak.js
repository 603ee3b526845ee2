#!/usr/bin/env node
// `npm run soak [-- --minutes N]`: 50 timer sources firing every second and a steady webhook
// load on 4 HTTP sources, for 10 minutes by default. Checks that resident memory stays flat
// after warm-up (≤ 10 % growth), that no acknowledged event is lost (every webhook answered 200
// and every timer firing reaches its SSE stream, in order), and the webhook→SSE latency p99.
import { Agent, request } from 'node:http';
import { median, pct, round, sleep, sse, startService, treeRssMb } from './lib.js';

const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const MINUTES = arg('minutes', 10);
const RATE = arg('rate', 200); // webhooks per second, over all HTTP sources
const TIMERS = arg('timers', 50);
const HTTP_SOURCES = 4;

const TIMER = `export default { name: "soak-timer", version: "1", props: { timer: { type: "$.interface.timer", default: { intervalSeconds: 1 } }, db: "$.service.db" },
  async run(event) { const n = (this.db.get("n") ?? 0) + 1; this.db.set("n", n); this.$emit({ n, at: Date.now() }); } }`;
const HOOK = `export default { name: "soak-hook", version: "1", props: { http: "$.interface.http" },
  async run(event) { this.$emit(event.body); } }`;

const checks = [];
function check(name, value, unit, goal, pass) {
  checks.push({ name, pass });
  console.log(`${pass === undefined ? '  ' : pass ? 'ok' : '!!'} ${name}: ${value} ${unit}${goal ? `  (goal ${goal})` : ''}`);
}

console.log(`Runnel soak: ${MINUTES} min, ${TIMERS} timer sources at 1 s, ${RATE} webhooks/s over ${HTTP_SOURCES} HTTP sources.`);
const svc = await startService();
try {
  const timerComp = (await svc.api('/v1/components', { component_code: TIMER })).data;
  const timers = [];
  for (let i = 0; i < TIMERS; i++) timers.push((await svc.api('/v1/sources', { component_id: timerComp.id, name: `timer ${i}` })).data);
  const hooks = [];
  for (let i = 0; i < HTTP_SOURCES; i++) hooks.push((await svc.api('/v1/sources', { component_code: HOOK.replace('soak-hook', `soak-hook-${i}`) })).data);

  // Every frame of every source, as a client would see it live.
  const timerSeen = new Map(timers.map((t) => [t.id, []]));
  const hookSeen = new Map(hooks.map((h) => [h.id, new Set()]));
  const latencies = [];
  const closers = [
    ...(await Promise.all(timers.map((t) => sse(svc, t.id, (f) => timerSeen.get(t.id).push(f.e.n))))),
    ...(await Promise.all(
      hooks.map((h) =>
        sse(svc, h.id, (f) => {
          hookSeen.get(h.id).add(f.e.seq);
          latencies.push(performance.timeOrigin + performance.now() - f.e.sent);
        }),
      ),
    )),
  ];

  // Steady webhook load, paced; every 200 answer is an acknowledged event.
  const acked = new Map(hooks.map((h) => [h.id, []]));
  const refused = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let seq = 0;
  let running = true;
  const load = (async () => {
    const gap = 1000 / RATE;
    const start = performance.now();
    for (let i = 0; running; i++) {
      const wait = start + i * gap - performance.now();
      if (wait > 1) await sleep(wait);
      const h = hooks[i % hooks.length];
      const u = new URL(h.configured_props.http.endpoint_url);
      const n = ++seq;
      const body = JSON.stringify({ seq: n, sent: performance.timeOrigin + performance.now() });
      const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (r) => {
        r.resume();
        if (r.statusCode === 200) acked.get(h.id).push(n);
        else refused.push(r.statusCode);
      });
      req.on('error', (e) => refused.push(e.code));
      req.end(body);
    }
  })();

  // Memory every 10 s; the first fifth of the run (at least a minute) is warm-up.
  const rss = [];
  const end = Date.now() + MINUTES * 60_000;
  while (Date.now() < end) {
    await sleep(Math.min(10_000, end - Date.now()));
    rss.push({ at: Date.now(), mb: treeRssMb(svc.proc.pid) });
    console.log(`  ${new Date().toISOString()}  rss ${round(rss.at(-1).mb, 1)} MB, ${seq} webhooks sent`);
  }
  running = false;
  await load;
  await sleep(2_000); // let the last answers and frames arrive
  agent.destroy();
  closers.forEach((c) => c());

  const warm = Math.max(1, Math.ceil(Math.max(60, MINUTES * 12) / 10)); // samples in warm-up
  const after = rss.slice(warm);
  const base = median(after.slice(0, 3).map((s) => s.mb));
  const last = median(after.slice(-3).map((s) => s.mb));
  const growth = (last - base) / base;
  check('RSS after warm-up (median of first 3 samples)', round(base, 1), 'MB');
  check('RSS at the end (median of last 3 samples)', round(last, 1), 'MB');
  check('RSS growth after warm-up', round(growth * 100, 1), '%', '≤ 10 %', growth <= 0.1);

  let lost = 0;
  for (const [id, ns] of acked) for (const n of ns) if (!hookSeen.get(id).has(n)) lost++;
  const ackedTotal = [...acked.values()].reduce((a, ns) => a + ns.length, 0);
  check(`webhooks acknowledged (of ${seq} sent; ${refused.length} refused)`, ackedTotal, 'events');
  check('acknowledged webhook events missing from their SSE stream', lost, 'events', '0', lost === 0);

  let gaps = 0;
  let firings = 0;
  for (const ns of timerSeen.values()) {
    firings += ns.length;
    for (let i = 1; i < ns.length; i++) if (ns[i] !== ns[i - 1] + 1) gaps++;
  }
  const expected = TIMERS * MINUTES * 60;
  check(`timer firings seen (about ${expected} expected)`, firings, 'events', `≥ ${Math.floor(expected * 0.98)}`, firings >= expected * 0.98);
  check('timer event sequences with a gap (a firing run but its event lost)', gaps, '', '0', gaps === 0);
  check('webhook→SSE latency p50 under load', round(median(latencies)), 'ms', '< 2 ms', median(latencies) < 2);
  check('webhook→SSE latency p99 under load', round(pct(latencies, 99)), 'ms', '< 10 ms', pct(latencies, 99) < 10);
} finally {
  await svc.stop();
}
const missed = checks.filter((c) => c.pass === false);
console.log(`\n${checks.filter((c) => c.pass).length} checks passed, ${missed.length} failed${missed.length ? ': ' + missed.map((c) => c.name).join('; ') : ''}`);
process.exitCode = missed.length ? 1 : 0;
