import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowRun } from '../../../src/shared/resources';
import { createAppStore } from '../../../src/renderer/src/store/index';
import {
  CODE_TEMPLATE,
  emptyDraft,
  expressionHints,
  placeApiError,
  stepNameProblem,
  toRequestBody,
  uniqueStepName,
  validateDraft,
  type DraftStep,
} from '../../../src/renderer/src/features/workflows/builder-model';
import { waterfall } from '../../../src/renderer/src/features/workflows/waterfall';
import { mergeErrorRows } from '../../../src/renderer/src/features/workflows/workflow-slice';

const step = (name: string, extra: Partial<DraftStep> = {}): DraftStep => ({ uid: `u_${name}`, name, kind: 'code', code: CODE_TEMPLATE, configured: {}, ...extra });

afterEach(() => vi.unstubAllGlobals());

describe('the workflow builder slice', () => {
  it('adds code and action steps with unique valid names, moves and removes them', () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().wfAddCodeStep();
    s().wfAddCodeStep();
    s().wfAddActionStep({ key: 'helper_functions-pretty-print-json', label: 'Pretty print', props: [{ name: 'input', type: 'string' }, { name: 'indent', type: 'integer', default: 2 }] });
    expect(s().wfDraft.steps.map((x) => x.name)).toEqual(['step_1', 'step_2', 'pretty_print_json']);
    expect(s().wfDraft.steps[0].code).toBe(CODE_TEMPLATE);
    expect(s().wfDraft.steps[2].configured).toEqual({ indent: 2 });

    const [a, b, c] = s().wfDraft.steps.map((x) => x.uid);
    s().wfMoveStep(c, -1);
    expect(s().wfDraft.steps.map((x) => x.uid)).toEqual([a, c, b]);
    s().wfMoveStep(a, -1); // already first: nothing moves
    s().wfMoveStep(b, 1); // already last
    expect(s().wfDraft.steps.map((x) => x.uid)).toEqual([a, c, b]);
    s().wfRemoveStep(c);
    expect(s().wfDraft.steps.map((x) => x.uid)).toEqual([a, b]);
    s().wfUpdateStep(a, { name: 'first' });
    expect(s().wfDraft.steps[0].name).toBe('first');
  });

  it('refuses to save a draft with bad step names and says where, without calling the service', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const store = createAppStore();
    const s = () => store.getState();
    s().wfSetName('Greeter');
    s().wfAddCodeStep();
    s().wfAddCodeStep();
    const [a, b] = s().wfDraft.steps.map((x) => x.uid);
    s().wfUpdateStep(a, { name: 'same' });
    s().wfUpdateStep(b, { name: 'same' });
    expect(await s().wfSave()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(s().wfErrors.steps[b].name).toMatch(/already called "same"/);
    expect(s().wfErrors.steps[a]).toBeUndefined();
    expect(s().wfErrors.top).toMatch(/Fix the fields/);
    s().wfUpdateStep(b, { name: 'other' });
    expect(s().wfErrors.steps[b].name).toBeUndefined();
  });

  it('posts the draft and places a 400 naming a step at that step', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ error: { code: 'invalid_props', message: 'Step "second": missing required prop: n' } }), { status: 400 });
    });
    const store = createAppStore();
    const s = () => store.getState();
    s().wfSetName('Adder');
    s().wfAddCodeStep();
    s().wfAddCodeStep();
    const [a, b] = s().wfDraft.steps.map((x) => x.uid);
    s().wfUpdateStep(a, { name: 'first' });
    s().wfUpdateStep(b, { name: 'second', configured: { n: '' } });
    expect(await s().wfSave()).toBeNull();
    expect(calls[0].url).toBe('/v1/workflows');
    expect(calls[0].body).toEqual({
      name: 'Adder',
      trigger: { type: 'manual' },
      steps: [
        { name: 'first', code: CODE_TEMPLATE, configured_props: {} },
        { name: 'second', code: CODE_TEMPLATE, configured_props: {} },
      ],
      // The settings panel's throttle, unticked (the other settings are left to their defaults).
      throttle: null,
      // Auto-retry is a checkbox: always sent, so unticking turns it off.
      auto_retry: false,
      notify_first_error: false,
    });
    expect(s().wfErrors.steps[b]).toMatchObject({ general: 'missing required prop: n', props: { n: 'Required' } });
    expect(s().wfErrors.top).toBeUndefined();
    expect(s().wfBuilderStatus).toBe('idle');
  });

  it('loads a saved workflow for editing, telling registry actions from inline code', async () => {
    const wf = {
      id: 'p_1', deployment_id: 'd_1', name: 'Edit me', active: true, timeout_seconds: 30, created_at: 1, updated_at: 1,
      trigger: { type: 'timer', cron: '0 9 * * 1', interval_seconds: null, timezone: 'Europe/Paris' },
      steps: [
        { id: 'c_1', name: 'code1', component_id: 'sc_inline', component_key: null, configured_props: { n: 1 } },
        { id: 'c_2', name: 'pretty', component_id: 'sc_reg', component_key: 'helper_functions-pretty-print-json', configured_props: {} },
      ],
    };
    vi.stubGlobal('fetch', async (url: string) => {
      const body =
        url === '/v1/workflows/p_1' ? wf
        : url === '/v1/components/sc_inline' ? { id: 'sc_inline', code: 'export default { run() {} }', configurable_props: [] }
        : url.startsWith('/v1/components/registry') ? [{ key: 'helper_functions-pretty-print-json', name: 'Pretty', component_id: 'sc_reg', type: 'action', configurable_props: [{ name: 'input', type: 'string' }] }]
        : url.startsWith('/v1/users/me/components') ? []
        : null;
      return new Response(JSON.stringify({ data: body, page_info: { end_cursor: null, count: 0 } }), { status: 200 });
    });
    const store = createAppStore();
    await store.getState().wfLoad('p_1');
    const d = store.getState().wfDraft;
    expect(store.getState().wfBuilderStatus).toBe('idle');
    expect(d.name).toBe('Edit me');
    expect(d.trigger).toMatchObject({ type: 'timer', timerMode: 'cron', cron: '0 9 * * 1', timezone: 'Europe/Paris' });
    expect(d.steps.map((x) => [x.name, x.kind])).toEqual([['code1', 'code'], ['pretty', 'action']]);
    expect(d.steps[0].code).toBe('export default { run() {} }');
    expect(d.steps[1].action?.key).toBe('helper_functions-pretty-print-json');
    expect(toRequestBody(d).steps).toEqual([
      { name: 'code1', code: 'export default { run() {} }', configured_props: { n: 1 } },
      { name: 'pretty', key: 'helper_functions-pretty-print-json', configured_props: {} },
    ]);
  });

  it('keeps a Python step Python when a workflow is edited and saved again', async () => {
    const wf = {
      id: 'p_2', deployment_id: 'd_2', name: 'Py', active: true, timeout_seconds: 30, created_at: 1, updated_at: 1,
      trigger: { type: 'manual' },
      steps: [{ id: 'c_1', name: 'py', component_id: 'sc_py', component_key: null, runtime: 'python3.12', configured_props: { who: 'x' } }],
    };
    vi.stubGlobal('fetch', async (url: string) => {
      const body =
        url === '/v1/workflows/p_2' ? wf
        : url === '/v1/components/sc_py' ? { id: 'sc_py', code: 'def handler(pd):\n    return 1\n', configurable_props: [] }
        : url.startsWith('/v1/components/registry') || url.startsWith('/v1/users/me/components') ? []
        : null;
      return new Response(JSON.stringify({ data: body, page_info: { end_cursor: null, count: 0 } }), { status: 200 });
    });
    const store = createAppStore();
    await store.getState().wfLoad('p_2');
    expect(toRequestBody(store.getState().wfDraft).steps).toEqual([
      { name: 'py', code: 'def handler(pd):\n    return 1\n', runtime: 'python3.12', configured_props: { who: 'x' } },
    ]);
  });
});

describe('builder rules', () => {
  it('checks step names like the service', () => {
    expect(stepNameProblem('first', [])).toBeNull();
    expect(stepNameProblem('a_1', [])).toBeNull();
    expect(stepNameProblem('', [])).toMatch(/needs a name/);
    expect(stepNameProblem('1st', [])).toMatch(/Letters, digits/);
    expect(stepNameProblem('has-dash', [])).toMatch(/Letters, digits/);
    expect(stepNameProblem('trigger', [])).toMatch(/reserved/);
    expect(stepNameProblem('x', ['x'])).toMatch(/already/);
    expect(uniqueStepName('step', [])).toBe('step_1');
    expect(uniqueStepName('pretty-print', ['pretty_print'])).toBe('pretty_print_1');
    expect(uniqueStepName('9lives', [])).toBe('step_9lives');
  });

  it('validates triggers and builds their request shapes', () => {
    const d = emptyDraft();
    d.name = 'T';
    d.trigger = { ...d.trigger, type: 'timer', timerMode: 'interval', intervalSeconds: '0' };
    expect(validateDraft(d).trigger).toMatch(/at least 1/);
    d.trigger.intervalSeconds = '15';
    expect(validateDraft(d).trigger).toBeUndefined();
    expect(toRequestBody(d).trigger).toEqual({ type: 'timer', intervalSeconds: 15 });
    d.trigger = { ...d.trigger, timerMode: 'cron', cron: '*/5 * * * *', timezone: 'UTC' };
    expect(toRequestBody(d).trigger).toEqual({ type: 'timer', cron: '*/5 * * * *', timezone: 'UTC' });
    d.trigger = { ...d.trigger, type: 'source', sourceId: '' };
    expect(validateDraft(d).trigger).toMatch(/Pick the source/);
    d.trigger.sourceId = 'dc_1';
    expect(toRequestBody(d).trigger).toEqual({ type: 'source', source_id: 'dc_1' });
    d.timeoutSeconds = '900';
    expect(validateDraft(d).timeout).toMatch(/1 to 750/);
  });

  it('builds, checks and places the execution settings', () => {
    const d = emptyDraft();
    d.name = 'S';
    // Empty fields keep the stored (or default) values; an unticked throttle is none.
    expect(toRequestBody(d)).toMatchObject({ throttle: null });
    expect(toRequestBody(d)).not.toHaveProperty('concurrency');
    d.settings = {
      ...{ concurrency: 'unlimited', throttleOn: true, throttleLimit: '20', throttleInterval: '1', throttleUnit: 'minute', queueSize: '50', memoryMb: '512' },
      ...{ autoRetry: true, notifyFirstError: true },
    };
    expect(validateDraft(d).settings).toBeUndefined();
    expect(toRequestBody(d)).toMatchObject({
      ...{ concurrency: null, throttle: { limit: 20, interval: 1, unit: 'minute' }, queue_size: 50, memory_mb: 512 },
      ...{ auto_retry: true, notify_first_error: true },
    });
    d.settings = { ...d.settings, concurrency: '0', throttleLimit: '-1', queueSize: '20000', memoryMb: '128' };
    expect(validateDraft(d).settings).toEqual({
      concurrency: expect.stringMatching(/at least 1, or unlimited/),
      throttle: expect.stringMatching(/0 to 10,000/),
      queue_size: expect.stringMatching(/1 to 10,000/),
      memory_mb: expect.stringMatching(/256 to 10,240/),
    });
    expect(placeApiError({ message: 'x', details: { issues: [{ path: ['throttle', 'limit'], message: 'too many' }] } }, []).settings).toEqual({ throttle: 'too many' });
  });

  it('lists the expressions each step can use', () => {
    const steps = [step('first'), step('second'), step('third')];
    expect(expressionHints(steps, 0)).toEqual(['{{steps.trigger.event}}']);
    expect(expressionHints(steps, 2)).toEqual(['{{steps.trigger.event}}', '{{steps.first.$return_value}}', '{{steps.second.$return_value}}']);
  });

  it('places service errors at the step, the prop, the code line or on top', () => {
    const steps = [step('first'), step('second', { configured: { n: '{{steps.x}}' } })];
    expect(placeApiError({ message: 'steps.1.name: bad', details: { issues: [{ path: ['steps', 1, 'name'], message: 'bad' }] } }, steps).steps.u_second.name).toBe('bad');
    expect(placeApiError({ message: 'name: empty', details: { issues: [{ path: ['name'], message: 'empty' }] } }, steps).name).toBe('empty');
    expect(placeApiError({ message: 'Step "first": prop "a" is over 64 KB' }, steps).steps.u_first.props).toEqual({ a: 'prop "a" is over 64 KB' });
    const byProp = placeApiError({ message: 'Prop "n": expressions can only read steps.…', details: { prop: 'n' } }, steps);
    expect(byProp.steps.u_second.props?.n).toMatch(/expressions can only read/);
    const compile = placeApiError({ message: 'The component could not be parsed: x (component:3:5)', details: { line: 3 } }, [steps[0]]);
    expect(compile.steps.u_first).toMatchObject({ codeLine: 3 });
    expect(placeApiError({ message: 'The component could not be parsed', details: { line: 3 } }, steps).top).toMatch(/could not be parsed/);
    expect(placeApiError({ message: 'No source with id "dc_x" to trigger on' }, steps).top).toMatch(/No source/);
  });

  it('places an error at the step the service names in details.step, whatever its message says', () => {
    const both = [step('first', { configured: { gh: { account_id: 'apn_1' } } }), step('second', { configured: { gh: { account_id: 'apn_1' } } })];
    const wrongApp = placeApiError({ message: 'Prop "gh" needs a slack account; apn_1 is a github account', details: { prop: 'gh', step: 'second' } }, both);
    expect(wrongApp.steps.u_first).toBeUndefined();
    expect(wrongApp.steps.u_second.props?.gh).toMatch(/needs a slack account/);
    const compile = placeApiError({ message: 'The component could not be parsed: x (component:3:5)', details: { line: 3, step: 'second' } }, both);
    expect(compile.steps.u_second).toMatchObject({ codeLine: 3 });
  });
});

describe('run views', () => {
  const run = (over: Partial<WorkflowRun>): WorkflowRun => ({
    id: 'r_1', workflow_id: 'p_1', deployment_id: 'd_1', status: 'success', exit_reason: null, trigger: { event: {}, context: {} },
    steps: [], started_at: 1000, ended_at: 1100, duration_ms: 100, ...over,
  });
  const stepRun = (name: string, status: 'success' | 'error' | 'skipped', duration_ms: number) => ({ id: `c_${name}`, name, status, exports: {}, summary: null, logs: [], duration_ms, error: null });

  it('lays steps out one after another on the run time axis', () => {
    const w = waterfall(run({ duration_ms: 100, steps: [stepRun('a', 'success', 20), stepRun('b', 'error', 30), stepRun('c', 'skipped', 0)] }));
    expect(w.total).toBe(100);
    expect(w.bars.map((b) => [b.name, b.left, b.width])).toEqual([['a', 0, 0.2], ['b', 0.2, 0.3], ['c', 0.5, 0]]);
  });

  it('keeps the most advanced version of a run whichever arrives last, and seeds without losing live runs', async () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().upsertRun(run({ status: 'success', steps: [stepRun('a', 'success', 1)] }));
    s().upsertRun(run({ status: 'running', steps: [] })); // a late frame of the same run
    expect(s().runs.p_1[0].status).toBe('success');
    s().upsertRun(run({ id: 'r_2', status: 'running', started_at: 2000 }));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ data: [run({ id: 'r_0', started_at: 500 }), run({})] }), { status: 200 }));
    await s().loadRuns('p_1');
    expect(s().runs.p_1.map((r) => r.id)).toEqual(['r_2', 'r_1', 'r_0']);
    expect(s().runsLoaded.p_1).toBe(true);
  });

  it('merges live $errors frames with the ones read from the service, once each', () => {
    const seeded = [{ id: '2-0', ts: 2, event: { error: { message: 'old' } } }];
    const frame = (id: string, ts: number, name: string) => ({ k: 'emit' as const, id, ts, e: { error: { message: id } }, sum: null, name, metadata: { emitter_id: 'p_1', emit_id: id, name } });
    const rows = mergeErrorRows(seeded, [frame('3-0', 3, '$errors'), frame('2-0', 2, '$errors'), frame('4-0', 4, '')]);
    expect(rows.map((r) => r.id)).toEqual(['3-0', '2-0']);
  });
});
