import fc from 'fast-check';
import type { RawRequest } from './raw-http';

/** Every REST v1 and SSE route, with `:param` placeholders. */
export const ROUTES: ReadonlyArray<readonly [method: string, template: string]> = [
  ['GET', '/v1/users/me'],
  ['GET', '/v1/users/me/sources'],
  ['GET', '/v1/users/me/workflows'],
  ['GET', '/v1/users/me/components'],
  ['GET', '/v1/users/me/subscriptions'],
  ['GET', '/v1/system'],
  ['POST', '/v1/api-key/rotate'],
  ['GET', '/v1/settings'],
  ['PUT', '/v1/settings'],
  ['GET', '/v1/stream'],
  ['POST', '/v1/session-tokens'],
  ['GET', '/v1/packages'],
  ['POST', '/v1/packages/refresh'],
  ['GET', '/v1/outbox'],
  ['POST', '/v1/components'],
  ['GET', '/v1/components/:component'],
  ['PUT', '/v1/components/:component'],
  ['DELETE', '/v1/components/:component'],
  ['POST', '/v1/components/:component/props/reload'],
  ['POST', '/v1/components/:component/props/:prop/options'],
  ['GET', '/v1/components/registry'],
  ['POST', '/v1/components/registry'],
  ['GET', '/v1/components/registry/:key'],
  ['DELETE', '/v1/components/registry/:key'],
  ['POST', '/v1/sources'],
  ['GET', '/v1/sources/:source'],
  ['PUT', '/v1/sources/:source'],
  ['DELETE', '/v1/sources/:source'],
  ['POST', '/v1/sources/:source/run'],
  ['GET', '/v1/sources/:source/event_summaries'],
  ['DELETE', '/v1/sources/:source/events'],
  ['GET', '/v1/sources/:source/logs'],
  ['POST', '/v1/sources/:source/clock/fire'],
  ['POST', '/v1/sources/:source/clock/advance'],
  ['GET', '/v1/sources/:source/clock/next'],
  ['GET', '/sources/:source/sse'],
  ['GET', '/sources/:source/logs/sse'],
  ['POST', '/v1/workflows'],
  ['GET', '/v1/workflows/:workflow'],
  ['PUT', '/v1/workflows/:workflow'],
  ['DELETE', '/v1/workflows/:workflow'],
  ['POST', '/v1/workflows/:workflow/run'],
  ['GET', '/v1/workflows/:workflow/runs'],
  ['GET', '/v1/workflows/:workflow/runs/:run'],
  ['GET', '/v1/workflows/:workflow/event_summaries'],
  ['GET', '/v1/workflows/:workflow/$errors/event_summaries'],
  ['POST', '/v1/workflows/:workflow/clock/fire'],
  ['POST', '/v1/workflows/:workflow/clock/advance'],
  ['GET', '/v1/workflows/:workflow/clock/next'],
  ['GET', '/workflows/:workflow/sse'],
  ['POST', '/v1/subscriptions'],
  ['DELETE', '/v1/subscriptions'],
  ['GET', '/v1/accounts'],
  ['POST', '/v1/accounts'],
  ['GET', '/v1/accounts/:account'],
  ['PUT', '/v1/accounts/:account'],
  ['DELETE', '/v1/accounts/:account'],
  ['GET', '/v1/data_stores'],
  ['POST', '/v1/data_stores'],
  ['GET', '/v1/data_stores/:store'],
  ['DELETE', '/v1/data_stores/:store'],
  ['GET', '/v1/data_stores/:store/records'],
  ['GET', '/v1/data_stores/:store/records/:key'],
  ['PUT', '/v1/data_stores/:store/records/:key'],
  ['DELETE', '/v1/data_stores/:store/records/:key'],
];

/** Ids of resources that exist, so requests also reach the code behind the 404 checks. */
export type Seeds = Record<string, string[]>;

/** Path segments that are not ids: traversal, encodings, control and bidi characters, length. */
const trickySegment = fc.constantFrom(
  '..',
  '../..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fapi-key',
  '..%2f..%2fsecrets.key',
  '%2F',
  '%00',
  '%0d%0aX-Injected:%201',
  '%ff%fe',
  '%',
  '%zz',
  '.',
  '~',
  '%E2%80%AE',
  'dc_' + '%F0%9F%92%A5'.repeat(3),
  'dc_abc;rm%20-rf',
  'p_$errors',
  'ds_..',
  'a'.repeat(5_000),
  '__proto__',
  'constructor',
  'prototype',
);

const segment = (kind: string, seeds: Seeds) => {
  const valid = seeds[kind] ?? [];
  const options = [
    { weight: 3, arbitrary: trickySegment },
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).map(encodeURIComponent) },
  ];
  if (valid.length > 0) options.push({ weight: 4, arbitrary: fc.constantFrom(...valid) });
  return fc.oneof(...options);
};

const queryValue = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('-1', '0', '1e309', '9'.repeat(40), 'NaN', 'Infinity', '1.5', 'true', 'null', '[]', '%', '%zz', '', 'a'.repeat(3_000)),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.base64String({ maxLength: 40 }).map(encodeURIComponent),
);
const queryKey = fc.constantFrom('limit', 'before', 'after', 'expand', 'n', 'force', 'q', 'channel', 'page', 'cursor', 'emitter_id', 'listener_id', 'event_name', 'token', '__proto__', 'limit[]');
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }).map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

/** Field names the routes read, so wrong-typed values hit the validators and not only unknown keys. */
const fieldName = fc.constantFrom(
  'name', 'component_code', 'component_id', 'component_key', 'code', 'configured_props', 'active', 'trigger', 'steps', 'props',
  'emitter_id', 'listener_id', 'event_name', 'event', 'app', 'auth', 'key', 'version', 'value', 'ttl', 'seconds', 'prop', 'page',
  'prevContext', 'query', 'retention', 'timeout_seconds', 'events_retained', 'type', 'intervalSeconds', 'cron', 'timezone', 'url',
  'method', 'headers', 'body', 'data_store_id', 'account_id', '__proto__', 'constructor',
);
const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, '', ' ', '{{steps.x}}', '********', '$.interface.timer', 'p_*', 'dc_*', '\u0000', '\ud800'),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
);
const fieldValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fieldName, tie('value'), { maxKeys: 3 })),
})).value;
const typedObject = fc.dictionary(fieldName, fieldValue, { maxKeys: 6 }).map((o) => JSON.stringify(o));

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

const body = fc.oneof(
  { weight: 6, arbitrary: typedObject },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', 'null', '[]', '"text"', '1', '{', '{"a":', '{"a":1,}', "{'a':1}", '\ufeff{}', 'NaN', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}') },
  { weight: 1, arbitrary: typedObject.chain((s) => fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n))) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1_000, max: 200_000 }).chain((d) =>
      fc.constantFrom(nested(d, '[', ']'), nested(d, '{"a":', '}'), `{"configured_props":${nested(d, '{"x":', '}')}}`, `{"steps":[${nested(d, '[', ']')}]}`),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('{"name":"\xc3\x28"}', 'latin1')) },
  { weight: 1, arbitrary: fc.constantFrom('huge-json', 'huge-text').map((k) => (k === 'huge-json' ? JSON.stringify({ name: 'x'.repeat(6 * 1024 * 1024) }) : 'x'.repeat(6 * 1024 * 1024 + 1))) },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '*/*',
  'garbage',
  '',
);
const extraHeaders = fc.dictionary(
  fc.constantFrom('accept', 'accept-encoding', 'x-forwarded-host', 'x-forwarded-for', 'last-event-id', 'origin', 'sec-fetch-site', 'cookie', 'if-none-match', 'range'),
  fc.oneof(fc.constantFrom('', '*', 'null', 'gzip;q=x', 'bytes=0-', '999999999999999999-1', 'runnel_session=forged', 'https://evil.example'), fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
  { maxKeys: 3 },
);

export interface GeneratedRequest extends RawRequest {
  route: string;
}

/** A request to one of the routes with hostile ids, query, body and headers. */
export function requestArbitrary(seeds: Seeds, apiKey: string): fc.Arbitrary<GeneratedRequest> {
  return fc.constantFrom(...ROUTES).chain(([method, template]) => {
    const params = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const values = params.map((p) => segment(p, seeds));
    const wantsBody = method !== 'GET';
    return fc
      .tuple(fc.tuple(...values), query, wantsBody ? fc.option(body, { freq: 8 }) : fc.constant(null), contentType, extraHeaders)
      .map(([vals, qs, b, ct, extra]) => {
        let path = template;
        params.forEach((p, i) => (path = path.replace(`:${p}`, vals[i]!)));
        const headers: Record<string, string> = { ...extra, authorization: `Bearer ${apiKey}` };
        if (b !== null && ct !== '') headers['content-type'] = ct;
        return { route: `${method} ${template}`, method, path: path + qs, headers, body: b ?? undefined };
      });
  });
}
