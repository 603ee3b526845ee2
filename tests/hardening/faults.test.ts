// Faults: kill -9 during sustained emits and during document writes, damaged store files, and
// a full disk. Each test runs the real `runnel serve` and restarts it on the same data dir.
// RUNNEL_FAULT_KILLS sets how many kills each kill test makes (npm test: 4; test:hardening: 20).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startService, type ServiceHandle } from '../helpers/service';
import { allEvents, compareIds, tapEvents, tapLogs, type EventTap, type TappedEvent } from './helpers/event-tap';
import { bulkSource, hammer, tickSource } from './helpers/load';

const KILLS = Number(process.env.RUNNEL_FAULT_KILLS ?? 4);
const EVENTS_PER_REQUEST = 20;

const dirs: string[] = [];
const running: ServiceHandle[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  dirs.forEach(removeDir);
});

async function start(dataDir?: string, env?: Record<string, string>): Promise<ServiceHandle> {
  const svc = await startService({ dataDir, env });
  if (!dataDir) dirs.push(svc.dataDir);
  running.push(svc);
  return svc;
}

/** What the store reported at start: log lines and `GET /v1/system`'s list. */
async function storeReports(svc: ServiceHandle): Promise<{ lines: string[]; warnings: any[] }> {
  const lines = svc.stderr().split('\n').filter((l) => / (warn|error) store: /.test(l));
  return { lines, warnings: (await svc.json('/v1/system')).data.store_warnings };
}

/**
 * After a restart: events strictly in id order with no duplicate, every event that was visible
 * before (and is still inside the retention window) there unchanged, and each webhook's
 * events all there or all absent (one run is one commit).
 */
function expectKept(after: TappedEvent[], visible: Map<string, unknown>, label: string): void {
  const outOfOrder = after.findIndex((e, i) => i > 0 && compareIds(after[i - 1].id, e.id) >= 0);
  expect(outOfOrder, `${label}: ids in order`).toBe(-1);
  const keys = new Set(after.map((e) => `${e.event.seq}.${e.event.i}`));
  expect(keys.size, `${label}: no duplicate event`).toBe(after.length);
  const byId = new Map(after.map((e) => [e.id, e.event]));
  const oldest = after[0]?.id;
  const lost = [...visible].filter(([id, ev]) => (!oldest || compareIds(id, oldest) >= 0) && !isDeepStrictEqual(byId.get(id), ev));
  expect(lost.slice(0, 5), `${label}: ${lost.length} visible event(s) lost or changed`).toEqual([]);
  const perSeq = new Map<number, number>();
  for (const e of after) perSeq.set(e.event.seq, (perSeq.get(e.event.seq) ?? 0) + 1);
  const partial = [...perSeq].filter(([seq, n]) => seq !== after[0].event.seq && n !== EVENTS_PER_REQUEST);
  expect(partial, `${label}: runs stored in part`).toEqual([]);
}

describe('faults: kill -9', () => {
  it(`keeps every visible event through ${KILLS} kills during sustained emits (≥ 500 events/s), and sources resume`, async () => {
    let svc = await start();
    await svc.json('/v1/settings', { method: 'PUT', json: { event_retention: 10_000 } });
    const bulk = [];
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) bulk.push(await svc.createSource(bulkSource(name)));
    const tick = await svc.createSource(tickSource);
    const paths = bulk.map((s) => new URL(s.configured_props.http.endpoint_url).pathname);
    const visible = bulk.map(() => new Map<string, unknown>());
    const rates: number[] = [];

    for (let cycle = 0; cycle < KILLS; cycle++) {
      const taps: EventTap[] = await Promise.all(bulk.map((s) => tapEvents(svc, s.id)));
      const load = hammer(
        paths.map((p) => svc.url + p),
        2,
        EVENTS_PER_REQUEST,
        bulk.map(() => (cycle + 1) * 1_000_000),
      );
      // Kill at a different point each time: once the first source has shown 300–900 events.
      const target = 300 + Math.floor(Math.random() * 600);
      await taps[0].until((e) => e.length >= target, 20_000, `${target} events`);
      const killedAt = Date.now();
      await svc.kill9();
      await Promise.all(taps.map((t) => t.ended));
      await load.stop();
      const seen = taps.flatMap((t) => t.events);
      const first = Math.min(...seen.map((e) => e.at!));
      rates.push(seen.filter((e) => e.at! <= killedAt).length / ((killedAt - first) / 1000));
      taps.forEach((t, i) => t.events.forEach((e) => visible[i].set(e.id, e.event)));

      svc = await start(svc.dataDir);
      for (let i = 0; i < bulk.length; i++) expectKept(await allEvents(svc, bulk[i].id), visible[i], `cycle ${cycle + 1}, ${bulk[i].name}`);
      expect(await storeReports(svc), `cycle ${cycle + 1}: a plain kill is no damage`).toEqual({ lines: [], warnings: [] });
      // Sources resume: the timer fires again, a webhook is answered and its events stored.
      const ticks = await tapEvents(svc, tick.id);
      const hook = await tapEvents(svc, bulk[0].id);
      const r = await fetch(svc.url + paths[0], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seq: -1 - cycle, n: EVENTS_PER_REQUEST }) });
      expect(r.status).toBe(200);
      await hook.until((e) => e.length === EVENTS_PER_REQUEST, 10_000, 'the events of a webhook after restart');
      await ticks.until((e) => e.length >= 1, 5_000, 'a timer firing after restart');
      ticks.close();
      hook.close();
      hook.events.forEach((e) => visible[0].set(e.id, e.event));
    }
    console.log(`faults: ${KILLS} kills during emits at ${rates.map((r) => Math.round(r)).join(', ')} events/s`);
    for (const rate of rates) expect(rate).toBeGreaterThanOrEqual(500);
  }, 30_000 + KILLS * 10_000);
});

/** Every record of a REST list (`/v1/users/me/…`), newest first. */
async function listAll(svc: ServiceHandle, path: string): Promise<any[]> {
  const out: any[] = [];
  let before = '';
  for (;;) {
    const page = await svc.json(`${path}?limit=100${before ? `&before=${before}` : ''}`);
    out.push(...page.data);
    if (page.data.length < 100) return out;
    before = page.page_info.end_cursor;
  }
}

const componentCode = (name: string) => `export default { name: ${JSON.stringify(name)}, version: "0.0.1", props: {}, async run() { this.$emit({ from: ${JSON.stringify(name)} }); } };`;

interface WriteModel {
  components: Map<string, string>;
  sources: Map<string, { name: string; component_id: string }>;
}

interface Op {
  describe: string;
  /** Set for a create: the name of what it creates. */
  creates?: { kind: 'components' | 'sources'; name: string };
  /** The model after the write has landed; `id` is the created record's id. */
  apply(m: WriteModel, id?: string): void;
}

function cloneModel(m: WriteModel): WriteModel {
  return { components: new Map(m.components), sources: new Map([...m.sources].map(([k, v]) => [k, { ...v }])) };
}

/**
 * One writer: creates, renames and deletes its own components and sources through REST, one
 * request at a time, keeping in `model` what was acknowledged (a 2xx answer). The request in
 * flight at a kill may or may not have landed.
 */
function writer(svc: ServiceHandle, prefix: string, model: WriteModel, onAck: () => void) {
  let n = 0;
  let running = true;
  let inFlight: Op | undefined;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const nextOp = (): { op: Op; request: () => Promise<Response> } => {
    const name = `${prefix}-${n++}`;
    const components = [...model.components.keys()];
    const sources = [...model.sources.keys()];
    const roll = Math.random();
    if (components.length === 0 || roll < 0.2) {
      return {
        op: { describe: `create component ${name}`, creates: { kind: 'components', name }, apply: (m, id) => m.components.set(id!, name) },
        request: () => svc.api('/v1/components', { method: 'POST', json: { component_code: componentCode(name) } }),
      };
    }
    if (sources.length === 0 || roll < 0.5) {
      const component_id = pick(components);
      return {
        op: { describe: `create source ${name}`, creates: { kind: 'sources', name }, apply: (m, id) => m.sources.set(id!, { name, component_id }) },
        request: () => svc.api('/v1/sources', { method: 'POST', json: { component_id, name } }),
      };
    }
    const id = pick(sources);
    if (roll < 0.8) {
      return {
        op: { describe: `rename ${id} to ${name}`, apply: (m) => (m.sources.get(id)!.name = name) },
        request: () => svc.api(`/v1/sources/${id}`, { method: 'PUT', json: { name } }),
      };
    }
    const used = new Set([...model.sources.values()].map((x) => x.component_id));
    const unused = components.filter((c) => !used.has(c));
    if (roll < 0.9 && unused.length > 0) {
      const c = pick(unused);
      return { op: { describe: `delete component ${c}`, apply: (m) => m.components.delete(c) }, request: () => svc.api(`/v1/components/${c}`, { method: 'DELETE' }) };
    }
    return { op: { describe: `delete source ${id}`, apply: (m) => m.sources.delete(id) }, request: () => svc.api(`/v1/sources/${id}`, { method: 'DELETE' }) };
  };
  const done = (async () => {
    while (running) {
      const { op, request } = nextOp();
      inFlight = op;
      let r: Response;
      let answer: any;
      try {
        r = await request();
        answer = await r.json();
      } catch {
        return; // the service is gone: this write stays in flight
      }
      if (!r.ok) throw new Error(`${op.describe} → ${r.status} ${JSON.stringify(answer)}`);
      op.apply(model, answer.data.id);
      inFlight = undefined;
      onAck();
    }
  })();
  return {
    done,
    get inFlight() {
      return inFlight;
    },
    stop() {
      running = false;
    },
  };
}

/** The records of one writer as the service lists them. */
function modelOf(components: any[], sources: any[], prefix: string): WriteModel {
  const mine = (x: { name: string }) => x.name.startsWith(`${prefix}-`);
  return {
    components: new Map(components.filter(mine).map((c) => [c.id, c.name])),
    sources: new Map(sources.filter(mine).map((s) => [s.id, { name: s.name, component_id: s.component_id }])),
  };
}

const sameModel = (a: WriteModel, b: WriteModel) =>
  isDeepStrictEqual(new Map([...a.components].sort()), new Map([...b.components].sort())) &&
  isDeepStrictEqual(new Map([...a.sources].sort()), new Map([...b.sources].sort()));

describe('faults: kill -9 during writes', () => {
  it(`keeps every acknowledged component and source write through ${KILLS} kills`, async () => {
    let svc = await start();
    // What each of 3 writers has had acknowledged, across all cycles (names carry the writer).
    const models: WriteModel[] = Array.from({ length: 3 }, () => ({ components: new Map(), sources: new Map() }));
    let acks = 0;
    let inFlightAtKills = 0;
    for (let cycle = 0; cycle < KILLS; cycle++) {
      const target = acks + 15 + Math.floor(Math.random() * 30);
      let reached!: () => void;
      const enough = new Promise<void>((r) => (reached = r));
      const active = models.map((m, w) => writer(svc, `w${w}-c${cycle}`, m, () => ++acks === target && reached()));
      await Promise.race([enough, ...active.map((x) => x.done)]);
      await svc.kill9();
      active.forEach((x) => x.stop());
      await Promise.all(active.map((x) => x.done));
      inFlightAtKills += active.filter((x) => x.inFlight).length;

      // The file as the kill left it is whole and consistent.
      const onDisk = JSON.parse(readFileSync(join(svc.dataDir, 'runnel.json'), 'utf8'));
      const ids = new Set(onDisk.components.map((c: { id: string }) => c.id));
      expect(onDisk.sources.filter((x: { component_id: string }) => !ids.has(x.component_id))).toEqual([]);

      svc = await start(svc.dataDir);
      const components = await listAll(svc, '/v1/users/me/components');
      const sources = await listAll(svc, '/v1/users/me/sources');
      for (let w = 0; w < models.length; w++) {
        const actual = modelOf(components, sources, `w${w}`);
        const acked = models[w];
        // The write in flight at the kill may have landed: then the state is the acknowledged one plus it.
        const op = active[w].inFlight;
        const landed = cloneModel(acked);
        if (op?.creates) {
          const created = [...actual[op.creates.kind]].find(([, v]) => (typeof v === 'string' ? v : v.name) === op.creates!.name);
          if (created) op.apply(landed, created[0]);
        } else {
          op?.apply(landed);
        }
        expect(sameModel(actual, acked) || sameModel(actual, landed), `cycle ${cycle + 1}, writer ${w} (in flight: ${op?.describe ?? 'nothing'})`).toBe(true);
        models[w] = actual;
      }
      expect(await storeReports(svc), `cycle ${cycle + 1}: a plain kill is no damage`).toEqual({ lines: [], warnings: [] });
    }
    console.log(`faults: ${KILLS} kills during ${acks} acknowledged writes, ${inFlightAtKills} writes in flight at the kills`);
    expect(inFlightAtKills, 'the kills hit writes under way').toBeGreaterThan(0);
  }, 30_000 + KILLS * 10_000);
});

/** Overwrites the middle of line `n` (0-based) of a file with `#`, keeping its length and newline. */
function garbleLine(path: string, n: number): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  const l = lines[n];
  lines[n] = l.slice(0, l.length / 3) + '#'.repeat(Math.ceil(l.length / 3)) + l.slice(l.length / 3 + Math.ceil(l.length / 3));
  writeFileSync(path, lines.join('\n'));
}

/** The copy a damaged file was kept as (exactly one), or undefined. */
function keptCopy(path: string): string | undefined {
  const dir = dirname(path);
  const copies = readdirSync(dir).filter((f) => f.startsWith(`${basename(path)}.corrupt-`));
  expect(copies.length).toBeLessThanOrEqual(1);
  return copies[0] && join(dir, copies[0]);
}

describe('faults: damaged store files', () => {
  const RETENTION = 300;
  let base = '';
  let source: any;
  let emitted: TappedEvent[] = [];
  let journal = '';

  /** A stopped copy of the prepared data dir, damaged by `damage`, and the service started on it. */
  async function damaged(damage: (dir: string) => void): Promise<{ dir: string; start: () => Promise<ServiceHandle> }> {
    const dir = mkdtempSync(join(tmpdir(), 'runnel-damaged-'));
    dirs.push(dir);
    cpSync(base, dir, { recursive: true });
    damage(dir);
    return { dir, start: () => start(dir) };
  }

  // A data dir with 2,000 events that went through a compaction, the service stopped cleanly.
  beforeAll(async () => {
    const svc = await start();
    base = svc.dataDir;
    await svc.json('/v1/settings', { method: 'PUT', json: { event_retention: RETENTION } });
    source = await svc.createSource(bulkSource('Kept'));
    const tap = await tapEvents(svc, source.id);
    const endpoint = svc.url + new URL(source.configured_props.http.endpoint_url).pathname;
    for (let seq = 0; seq < 100; seq++) {
      const r = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seq, n: EVENTS_PER_REQUEST }) });
      expect(r.status).toBe(200);
    }
    await tap.until((e) => e.length === 100 * EVENTS_PER_REQUEST, 20_000, 'every event');
    tap.close();
    emitted = tap.events.map(({ id, event }) => ({ id, event }));
    // The last change of the documents, which a damaged runnel.json loses (it is not in runnel.json.bak).
    await svc.json(`/v1/sources/${source.id}`, { method: 'PUT', json: { name: 'Renamed last' } });
    await svc.stop();
    journal = join('events', `${source.id}.jsonl`);
    expect(existsSync(join(base, `${journal}.bak`)), 'a compaction kept the previous generation').toBe(true);
    expect(readFileSync(join(base, journal), 'utf8')).toMatch(/^\{"#":"[0-9a-f]{8}","t":"s"/);
  }, 30_000);

  it('one changed byte in a commit line (still valid JSON): caught by its checksum, reported, the file kept aside, every other event kept', async () => {
    let lost = -1;
    const d = await damaged((dir) => {
      const lines = readFileSync(join(dir, journal), 'utf8').split('\n');
      lost = JSON.parse(lines[3]).ev[0].ev.seq;
      lines[3] = lines[3].replace('"pad":"xx', '"pad":"xy');
      writeFileSync(join(dir, journal), lines.join('\n'));
    });
    const damagedBytes = readFileSync(join(d.dir, journal));
    const svc = await d.start();
    const { lines, warnings } = await storeReports(svc);
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain(join(d.dir, journal));
    expect(warnings).toMatchObject([{ file: join(d.dir, journal), problem: expect.stringContaining('1 damaged line(s), the first at line 4') }]);
    expect(warnings[0].action).toContain('kept the damaged file as');
    expect(readFileSync(keptCopy(join(d.dir, journal))!)).toEqual(damagedBytes);
    expect(await allEvents(svc, source.id)).toEqual(emitted.filter((e) => e.event.seq !== lost).slice(-RETENTION));
    await svc.stop();
  });

  it('a garbled snapshot: recovered from the previous generation and the intact lines, once', async () => {
    const d = await damaged((dir) => garbleLine(join(dir, journal), 0));
    let svc = await d.start();
    const { warnings } = await storeReports(svc);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].action).toContain('recovered from the previous generation');
    expect(keptCopy(join(d.dir, journal))).toBeDefined();
    expect(await allEvents(svc, source.id)).toEqual(emitted.slice(-RETENTION));
    await svc.stop();
    // Repaired for good: the next start finds nothing wrong.
    svc = await d.start();
    expect(await storeReports(svc)).toEqual({ lines: [], warnings: [] });
    expect(await allEvents(svc, source.id)).toEqual(emitted.slice(-RETENTION));
    await svc.stop();
  });

  it('a journal cut short at a line boundary while stopped: detected by its size, the intact part kept', async () => {
    let lastKept = '';
    const d = await damaged((dir) => {
      const lines = readFileSync(join(dir, journal), 'utf8').split('\n');
      const keep = lines.slice(0, Math.floor(lines.length / 2));
      lastKept = JSON.parse(keep[keep.length - 1]).ev.at(-1).id;
      writeFileSync(join(dir, journal), keep.join('\n') + '\n');
    });
    const svc = await d.start();
    const { warnings } = await storeReports(svc);
    expect(warnings).toMatchObject([{ file: join(d.dir, journal), problem: expect.stringMatching(/bytes where the last clean shutdown left \d+/) }]);
    const upToCut = emitted.slice(0, emitted.findIndex((e) => e.id === lastKept) + 1);
    expect(await allEvents(svc, source.id)).toEqual(upToCut.slice(-RETENTION));
    await svc.stop();
  });

  it('a journal emptied while stopped: never silently empty, restored from the previous generation', async () => {
    const d = await damaged((dir) => writeFileSync(join(dir, journal), ''));
    const svc = await d.start();
    const { warnings } = await storeReports(svc);
    expect(warnings).toMatchObject([{ problem: expect.stringContaining('0 bytes where'), action: expect.stringContaining('previous generation') }]);
    const after = await allEvents(svc, source.id);
    expect(after.length).toBe(RETENTION);
    // What the previous generation held: a run of the emitted events, in order, unchanged.
    const from = emitted.findIndex((e) => e.id === after[0].id);
    expect(after).toEqual(emitted.slice(from, from + after.length));
    await svc.stop();
  });

  it('a truncated, garbled or quietly changed documents file: reported, kept aside, the previous save restored (not an empty store)', async () => {
    for (const damage of [
      (p: string) => writeFileSync(p, readFileSync(p).subarray(0, Math.floor(statSync(p).size / 2))),
      (p: string) => garbleLine(p, 0),
      (p: string) => writeFileSync(p, ''),
      // Still valid JSON, caught by the file's checksum.
      (p: string) => writeFileSync(p, readFileSync(p, 'utf8').replace('$emit', '$emat')),
    ]) {
      const d = await damaged((dir) => damage(join(dir, 'runnel.json')));
      const damagedBytes = readFileSync(join(d.dir, 'runnel.json'));
      const svc = await d.start();
      const { lines, warnings } = await storeReports(svc);
      expect(lines.length).toBe(1);
      expect(warnings).toMatchObject([{ file: join(d.dir, 'runnel.json'), action: expect.stringContaining('restored the previous save (runnel.json.bak)') }]);
      expect(readFileSync(keptCopy(join(d.dir, 'runnel.json'))!)).toEqual(damagedBytes);
      // Everything but the last change: the source is there, with its name from before the rename.
      const kept = await svc.json(`/v1/sources/${source.id}`);
      expect(kept.data.name).toBe('Kept');
      expect(await allEvents(svc, source.id)).toEqual(emitted.slice(-RETENTION));
      await svc.stop();
    }
  });

  it('a missing documents file with its previous save: restored and reported', async () => {
    const d = await damaged((dir) => rmSync(join(dir, 'runnel.json')));
    const svc = await d.start();
    const { warnings } = await storeReports(svc);
    expect(warnings).toMatchObject([{ problem: expect.stringContaining('missing'), action: expect.stringContaining('restored the previous save') }]);
    expect((await svc.json(`/v1/sources/${source.id}`)).data.name).toBe('Kept');
    await svc.stop();
  });

  it('a documents file and its previous save both damaged: refuses to start, says why, changes nothing', async () => {
    const d = await damaged((dir) => {
      writeFileSync(join(dir, 'runnel.json'), '{"schema":1,"comp');
      writeFileSync(join(dir, 'runnel.json.bak'), '');
    });
    await expect(d.start()).rejects.toThrow(/runnel\.json is not valid JSON.*runnel\.json\.bak\) is empty.*will not start with an empty store/s);
    expect(readFileSync(join(d.dir, 'runnel.json'), 'utf8')).toBe('{"schema":1,"comp');
  });
});

describe('faults: a full disk', () => {
  it('fails writes with a clear 507 (events, documents, data stores), answers webhooks it cannot store with an error, corrupts nothing, and recovers', async () => {
    const control = join(mkdtempSync(join(tmpdir(), 'runnel-disk-')), 'faults');
    dirs.push(dirname(control));
    let svc = await start(undefined, { RUNNEL_TEST_FS_FAULTS: control });
    expect(svc.stderr()).toContain('RUNNEL_TEST_FS_FAULTS is set');
    const source = await svc.createSource(bulkSource('Full'));
    const endpoint = svc.url + new URL(source.configured_props.http.endpoint_url).pathname;
    const post = (seq: number) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seq, n: EVENTS_PER_REQUEST }) });
    const tap = await tapEvents(svc, source.id);
    const store = (await svc.json('/v1/data_stores', { method: 'POST', json: { name: 'kept' } })).data;
    const record = (key: string) => `/v1/data_stores/${store.id}/records/${key}`;
    await svc.json(record('a'), { method: 'PUT', json: { value: { v: 1 } } });
    for (let seq = 0; seq < 5; seq++) expect((await post(seq)).status).toBe(200);
    await tap.until((e) => e.length === 5 * EVENTS_PER_REQUEST, 10_000, 'the events stored before the disk fills');
    const journal = join(svc.dataDir, 'events', `${source.id}.jsonl`);
    const documents = readFileSync(join(svc.dataDir, 'runnel.json'));

    // The disk is full. A webhook accepted before the store knows runs and cannot be stored: its
    // events never appear, and the source's log says so.
    const logs = await tapLogs(svc, source.id);
    writeFileSync(control, 'enospc-after:0');
    expect((await post(100)).status).toBe(200);
    await logs.until((lines) => lines.some((l) => l.includes('was not stored') && l.includes('the disk is full')), 10_000, 'the log line of the lost run');
    logs.close();
    // From then on every write that cannot be stored says so, and nothing of it is kept.
    const refused = async (r: Response) => {
      expect(r.status).toBe(507);
      const body = await r.json();
      expect(body.error.code).toBe('storage_full');
      expect(body.error.message).toMatch(/disk is full/);
    };
    await refused(await post(101));
    await refused(await svc.api('/v1/components', { method: 'POST', json: { component_code: componentCode('never saved') } }));
    await refused(await svc.api(`/v1/sources/${source.id}`, { method: 'PUT', json: { name: 'never renamed' } }));
    expect((await svc.json(`/v1/sources/${source.id}`)).data.name).toBe('Full');
    await refused(await svc.api('/v1/sources', { method: 'POST', json: { component_code: bulkSource('never created') } }));
    await refused(await svc.api(`/v1/sources/${source.id}/run`, { method: 'POST', json: { event: { body: { seq: 102, n: 1 } } } }));
    await refused(await svc.api(record('a'), { method: 'PUT', json: { value: { v: 'never' } } }));
    await refused(await svc.api(record('b'), { method: 'PUT', json: { value: { v: 'never' } } }));
    await refused(await svc.api(`/v1/data_stores/${store.id}/records`, { method: 'DELETE' }));
    await refused(await svc.api('/v1/data_stores', { method: 'POST', json: { name: 'never made' } }));
    expect((await svc.json(`/v1/data_stores/${store.id}/records?limit=10`)).data.map((r: { key: string; value: unknown }) => [r.key, r.value])).toEqual([['a', { v: 1 }]]);
    // A write that half fits (the disk takes 300 bytes of a ~3 kB line) leaves no half line behind.
    writeFileSync(control, 'enospc-after:300');
    await refused(await post(103));
    writeFileSync(control, 'enospc-after:120');
    await refused(await svc.api(`/v1/sources/${source.id}`, { method: 'PUT', json: { name: 'half renamed' } }));
    const onDisk = readFileSync(journal, 'utf8');
    expect(onDisk.endsWith('\n')).toBe(true);
    expect(onDisk.trim().split('\n').flatMap((l) => JSON.parse(l).ev.map((e: { ev: { seq: number } }) => e.ev.seq))).toEqual(
      tap.events.map((e) => e.event.seq),
    );
    expect(readFileSync(join(svc.dataDir, 'runnel.json'))).toEqual(documents);
    expect(readdirSync(svc.dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(tap.events).toHaveLength(5 * EVENTS_PER_REQUEST);

    // Room again: writes work at once, without a restart.
    rmSync(control);
    expect((await post(200)).status).toBe(200);
    await tap.until((e) => e.length === 6 * EVENTS_PER_REQUEST, 10_000, 'the events of a webhook once there is room');
    const saved = await svc.json('/v1/components', { method: 'POST', json: { component_code: componentCode('saved after') } });
    await svc.json(`/v1/sources/${source.id}`, { method: 'PUT', json: { name: 'Renamed after' } });
    await svc.json(record('c'), { method: 'PUT', json: { value: { v: 3 } } });
    tap.close();
    const acknowledged = tap.events.map(({ id, event }) => ({ id, event }));
    await svc.stop();

    // And after a restart (without the fault) everything acknowledged is there, nothing else.
    svc = await start(svc.dataDir);
    expect(await storeReports(svc)).toEqual({ lines: [], warnings: [] });
    expect(await allEvents(svc, source.id)).toEqual(acknowledged.slice(-100)); // the default retention
    expect((await svc.json(`/v1/sources/${source.id}`)).data.name).toBe('Renamed after');
    const names = (await listAll(svc, '/v1/users/me/components')).map((c) => c.name);
    expect(names).toContain('saved after');
    expect(names).not.toContain('never saved');
    expect((await listAll(svc, '/v1/users/me/sources')).map((s) => s.name).sort()).toEqual(['Renamed after']);
    expect(saved.data.id).toBeTruthy();
    expect((await listAll(svc, '/v1/data_stores')).map((d) => d.name)).toEqual(['kept']);
    const records = (await svc.json(`/v1/data_stores/${store.id}/records?limit=10`)).data.map((r: { key: string; value: unknown }) => [r.key, r.value]);
    expect(records).toEqual([
      ['c', { v: 3 }],
      ['a', { v: 1 }],
    ]);
    await svc.stop();
  });
});
