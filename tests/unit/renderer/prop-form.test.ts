import { describe, expect, it } from 'vitest';
import type { ConfigurableProp } from '../../../src/shared/resources';
import { ApiError } from '../../../src/renderer/src/api/client';
import { placeErrors } from '../../../src/renderer/src/features/props/prop-errors';
import {
  fieldKind,
  formStateFrom,
  initialField,
  isRequired,
  needsInitialReload,
  normalizeOptions,
  reloadKeyChanged,
  SECRET_MASK,
  toConfigured,
  visibleProps,
  type FormState,
} from '../../../src/renderer/src/features/props/prop-form-model';
import { appendAnswer, hasNextPage, nextRequest } from '../../../src/renderer/src/features/props/remote-options';

const P = (name: string, type: string, extra: Partial<ConfigurableProp> = {}): ConfigurableProp => ({ name, type, ...extra });

/** The configured props after setting each field's raw input. */
const fill = (props: ConfigurableProp[], raw: Record<string, unknown>, start: Record<string, unknown> = {}) => {
  const state: FormState = formStateFrom(props, start);
  for (const [k, v] of Object.entries(raw)) state[k] = { ...state[k], raw: v };
  return toConfigured(props, state);
};

describe('prop form: which input each prop type gets', () => {
  it('maps every prop type of the spec to an input', () => {
    expect(fieldKind(P('a', 'string'))).toBe('text');
    expect(fieldKind(P('a', 'string[]'))).toBe('list');
    expect(fieldKind(P('a', 'integer'))).toBe('integer');
    expect(fieldKind(P('a', 'boolean'))).toBe('boolean');
    expect(fieldKind(P('a', 'object'))).toBe('json');
    expect(fieldKind(P('a', 'any'))).toBe('json');
    expect(fieldKind(P('a', 'app', { app: 'github' }))).toBe('app');
    expect(fieldKind(P('a', '$.interface.timer'))).toBe('timer');
    expect(fieldKind(P('a', '$.interface.http'))).toBe('http');
    expect(fieldKind(P('a', '$.service.db'))).toBe('hidden');
    expect(fieldKind(P('a', 'string', { options: ['x'] }))).toBe('select');
    expect(fieldKind(P('a', 'integer', { remoteOptions: true }))).toBe('select');
    expect(fieldKind(P('a', 'string[]', { options: ['x', 'y'] }))).toBe('multi');
  });

  it('hides the db service and marks what is required', () => {
    const props = [P('db', '$.service.db'), P('s', 'string'), P('o', 'string', { optional: true }), P('d', 'string', { default: 'x' })];
    expect(visibleProps(props).map((p) => p.name)).toEqual(['s', 'o', 'd']);
    expect(props.map(isRequired)).toEqual([false, true, false, false]);
    expect(isRequired(P('rss', 'app', { app: 'rss' }))).toBe(false);
    expect(isRequired(P('gh', 'app', { app: 'github' }))).toBe(false); // it deploys without an account; a credential read fails
    expect(isRequired(P('h', '$.interface.http'))).toBe(false);
  });

  it('normalizes plain and labelled options, keeping value types in the option key', () => {
    expect(normalizeOptions(['eu', { label: 'United States', value: 'us' }, 3, { value: true }])).toEqual([
      { label: 'eu', value: 'eu', key: '"eu"' },
      { label: 'United States', value: 'us', key: '"us"' },
      { label: '3', value: 3, key: '3' },
      { label: 'true', value: true, key: 'true' },
    ]);
  });
});

describe('prop form: from configured_props to form state and back', () => {
  it('prefills defaults and configured values, and round-trips them', () => {
    const props = [
      P('s', 'string', { default: 'hi' }),
      P('n', 'integer'),
      P('b', 'boolean'),
      P('o', 'object'),
      P('l', 'string[]'),
      P('sel', 'integer', { options: [1, 2] }),
      P('t', '$.interface.timer', { default: { intervalSeconds: 900 } }),
    ];
    const configured = { n: 5, b: true, o: { a: 1 }, l: ['x', 'y'], sel: 2 };
    const state = formStateFrom(props, configured);
    expect(state.s.raw).toBe('hi');
    expect(state.n.raw).toBe('5');
    expect(state.t.raw).toEqual({ mode: 'interval', seconds: '900', cron: '', timezone: '' });
    expect(toConfigured(props, state)).toEqual({
      value: { s: 'hi', ...configured, t: { intervalSeconds: 900 } },
      errors: {},
      missing: [],
    });
  });

  it('parses integers and checks min and max', () => {
    const props = [P('n', 'integer', { min: 1, max: 10 })];
    expect(fill(props, { n: ' 7 ' }).value).toEqual({ n: 7 });
    expect(fill(props, { n: '0' }).errors).toEqual({ n: 'Must be at least 1' });
    expect(fill(props, { n: '11' }).errors).toEqual({ n: 'Must be at most 10' });
    expect(fill(props, { n: '2.5' }).errors).toEqual({ n: 'Must be a whole number' });
    expect(fill(props, { n: '' })).toEqual({ value: {}, errors: {}, missing: ['n'] });
  });

  it('parses JSON for object and any, with the parse error', () => {
    const props = [P('o', 'object'), P('a', 'any', { optional: true })];
    expect(fill(props, { o: '{"k": [1]}', a: '"text"' }).value).toEqual({ o: { k: [1] }, a: 'text' });
    expect(fill(props, { o: '[1]' }).errors.o).toBe('Must be a JSON object ({ … })');
    expect(fill(props, { o: '{', a: 'nope' }).errors.o).toMatch(/^Not valid JSON: /);
    expect(fill(props, { o: '{}', a: 'nope' }).errors.a).toMatch(/^Not valid JSON/);
  });

  it('edits lists item by item, typing the items and dropping blank ones', () => {
    expect(fill([P('l', 'string[]')], { l: ['a', '', ' b'] }).value).toEqual({ l: ['a', ' b'] });
    expect(fill([P('l', 'integer[]', { min: 0 })], { l: ['1', '2'] }).value).toEqual({ l: [1, 2] });
    expect(fill([P('l', 'integer[]', { min: 0 })], { l: ['1', '-2'] }).errors).toEqual({ l: 'Item 2: must be at least 0' });
    expect(fill([P('l', 'boolean[]')], { l: ['true', 'false'] }).value).toEqual({ l: [true, false] });
    expect(fill([P('l', 'string[]', { optional: true })], { l: ['', ''] })).toEqual({ value: {}, errors: {}, missing: [] });
  });

  it('drops empties of optional props, reports empty required ones, and sends false for an unset required boolean', () => {
    const props = [P('o', 'string', { optional: true }), P('r', 'string'), P('b', 'boolean'), P('ob', 'boolean', { optional: true })];
    expect(fill(props, {})).toEqual({ value: { b: false }, errors: {}, missing: ['r'] });
  });

  it('picks options by key, keeping their types, single and multiple', () => {
    const props = [P('n', 'integer', { options: [{ label: 'One', value: 1 }] }), P('m', 'string[]', { options: ['a', 'b', 'c'] })];
    expect(fill(props, { n: '1', m: ['"a"', '"c"'] }).value).toEqual({ n: 1, m: ['a', 'c'] });
    expect(formStateFrom(props, { n: 1, m: ['b'] })).toEqual({ n: { raw: '1', expr: null }, m: { raw: ['"b"'], expr: null } });
  });

  it('picks an account for app props, and needs none to deploy (only a credential read fails)', () => {
    const props = [P('gh', 'app', { app: 'github' }), P('rss', 'app', { app: 'rss' })];
    expect(fill(props, {})).toEqual({ value: {}, errors: {}, missing: [] });
    expect(fill(props, { gh: 'apn_1' }).value).toEqual({ gh: { account_id: 'apn_1' } });
    expect(formStateFrom(props, { gh: { account_id: 'apn_2' } }).gh.raw).toBe('apn_2');
  });

  it('configures timers by interval or cron with a timezone, from defaults and from served values', () => {
    const t = [P('t', '$.interface.timer', { default: { cron: '0 * * * *' } })];
    expect(toConfigured(t, formStateFrom(t, {})).value).toEqual({ t: { cron: '0 * * * *' } });
    expect(fill(t, { t: { mode: 'cron', seconds: '', cron: '*/5 * * * *', timezone: 'Europe/Paris' } }).value).toEqual({ t: { cron: '*/5 * * * *', timezone: 'Europe/Paris' } });
    expect(fill(t, { t: { mode: 'interval', seconds: '60', cron: '', timezone: '' } }).value).toEqual({ t: { intervalSeconds: 60 } });
    expect(fill(t, { t: { mode: 'interval', seconds: '0', cron: '', timezone: '' } }).errors.t).toMatch(/at least 1/);
    // As GET /v1/sources serves it.
    expect(formStateFrom(t, { t: { cron: null, interval_seconds: 30 } }).t.raw).toEqual({ mode: 'interval', seconds: '30', cron: '', timezone: '' });
  });

  it('sends nothing for HTTP and db props', () => {
    const props = [P('http', '$.interface.http'), P('db', '$.service.db')];
    expect(toConfigured(props, formStateFrom(props, { http: { endpoint_url: 'http://x/e/abc' } }))).toEqual({ value: {}, errors: {}, missing: [] });
  });

  it('keeps a masked secret unless a new one is typed', () => {
    const props = [P('token', 'string', { secret: true })];
    expect(toConfigured(props, formStateFrom(props, { token: SECRET_MASK })).value).toEqual({ token: SECRET_MASK });
    expect(fill(props, { token: 'new' }, { token: SECRET_MASK }).value).toEqual({ token: 'new' });
  });

  it('holds {{steps…}} expressions in any field', () => {
    const props = [P('n', 'integer'), P('o', 'object')];
    const state = formStateFrom(props, { n: '{{steps.first.$return_value}}' });
    expect(state.n).toEqual({ raw: '', expr: '{{steps.first.$return_value}}' });
    state.o = { raw: '', expr: ' {{steps.trigger.event.body}} ' };
    expect(toConfigured(props, state).value).toEqual({ n: '{{steps.first.$return_value}}', o: '{{steps.trigger.event.body}}' });
    expect(initialField(P('s', 'string'), 'Hi {{steps.a.b}}')).toEqual({ raw: 'Hi {{steps.a.b}}', expr: null });
  });

  it('tells when additionalProps must run again', () => {
    const props = [P('kind', 'string', { reloadProps: true }), P('x', 'string')];
    expect(reloadKeyChanged(props, { kind: 'a', x: '1' }, { kind: 'a', x: '2' })).toBe(false);
    expect(reloadKeyChanged(props, { kind: 'a' }, { kind: 'b' })).toBe(true);
    expect(needsInitialReload(props, {})).toBe(false);
    expect(needsInitialReload(props, { kind: 'a' })).toBe(true);
  });
});

describe('prop form: async options', () => {
  it('pages by context until the context says there is no next page', () => {
    expect(nextRequest(null, { region: 'eu' }, '')).toEqual({ configured_props: { region: 'eu' }, page: 0 });
    const first = appendAnswer(null, { options: ['a', { label: 'B', value: 'b' }], context: { nextPageToken: 't1' } });
    expect(first).toMatchObject({ page: 1, more: true, context: { nextPageToken: 't1' } });
    expect(nextRequest(first, {}, 'q')).toEqual({ configured_props: {}, page: 1, prevContext: { nextPageToken: 't1' }, query: 'q' });
    const second = appendAnswer(first, { options: ['b', 'c'], context: {} });
    expect(second.options.map((o) => o.label)).toEqual(['a', 'B', 'c']);
    expect(second.more).toBe(false);
    expect(appendAnswer(null, ['x', 'y']).more).toBe(false);
    expect(hasNextPage({ nextPageToken: null })).toBe(false);
    expect(hasNextPage(null)).toBe(false);
  });
});

describe('prop form: API errors placed at the prop they name', () => {
  const names = ['url', 'amount', 'kind'];
  it('uses details.prop and details.missing', () => {
    expect(placeErrors(new ApiError(400, 'invalid_props', 'Prop "amount" must be at least 1', { prop: 'amount' }), names)).toEqual({
      top: null,
      props: { amount: 'Prop "amount" must be at least 1' },
    });
    expect(placeErrors(new ApiError(400, 'invalid_props', 'Missing required props: url, kind', { missing: ['url', 'kind'] }), names).props).toEqual({
      url: 'This prop is required',
      kind: 'This prop is required',
    });
  });
  it('falls back to props quoted in the message, else the top', () => {
    expect(placeErrors(new ApiError(400, 'invalid_props', '"kind" must be one of "a", "b"'), names).props).toEqual({ kind: '"kind" must be one of "a", "b"' });
    expect(placeErrors(new ApiError(422, 'hook_failed', 'deploy() threw: boom'), names)).toEqual({ top: 'deploy() threw: boom', props: {} });
    expect(placeErrors(new Error('offline'), names).top).toBe('offline');
  });
});
