// The OpenAPI 3.1 document of REST v1, built from the route table (`GET /v1/openapi.json`).
// Resources become named component schemas; every route's body and answer refer to them.
import { z } from 'zod';
import { apiRoutes } from './api-routes';
import * as resources from './resource-schemas';
import * as frames from './stream-schemas';
import { errorStatuses, pathParamNames, type RouteDef } from './route-def';
import { ERROR_STATUS } from './errors';
import { VERSION } from './version';
import { SESSION_COOKIE } from './runnel-cookies';

type JsonSchema = Record<string, unknown>;
type Registry = ReturnType<typeof z.registry<{ id: string }>>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const pascal = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Registers `schema` under `id` unless it already has a name; returns its name. */
function named(reg: Registry, schema: z.ZodType, id: string): string {
  const known = reg.get(schema);
  if (known) return known.id;
  reg.add(schema, { id });
  return id;
}

/** The registry's schemas as OpenAPI components (no `$schema`/`$id`: the document is their base). */
function componentsOf(reg: Registry, io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(reg, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, withoutIds(s as JsonSchema)]));
}

function withoutIds(s: JsonSchema): JsonSchema {
  const copy = { ...s };
  delete copy.$schema;
  delete copy.$id;
  return copy;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid (bad_request, invalid_json, invalid_component, invalid_props, configuration_error)',
  401: 'No API key, a wrong one, or no session (unauthorized)',
  403: 'A Host that is not allowed (forbidden_host), or a session cookie without same-origin proof (forbidden)',
  404: 'No such id or route (not_found)',
  409: 'In use, a duplicate, or a state that does not allow it (conflict)',
  413: 'The body is too large (payload_too_large)',
  422: "The component's code failed (hook_failed, unprocessable)",
  429: 'The queue is full (too_many_requests)',
  500: 'A fault in the service (internal)',
  504: 'The source did not respond in time (gateway_timeout)',
  507: 'The disk is full: nothing was written (storage_full)',
};

function operation(id: string, r: RouteDef, responseId: string | null, bodyId: string | null) {
  const parameters: unknown[] = pathParamNames(r.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (r.query) {
    const q = z.toJSONSchema(r.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  const success = String(r.status ?? 200);
  const media = r.sse ? 'text/event-stream' : 'application/json';
  const responses: Record<string, unknown> = {
    [success]: responseId
      ? { description: r.sse ? "An SSE stream; each frame's data: is JSON of this schema" : 'Success', content: { [media]: { schema: ref(responseId) } } }
      : { description: 'Accepted (no body)' },
  };
  for (const status of errorStatuses(r)) {
    responses[String(status)] = { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: ref('ErrorBody') } } };
  }
  return {
    operationId: id,
    summary: r.summary,
    ...(r.public ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(bodyId ? { requestBody: { required: true, content: { 'application/json': { schema: ref(bodyId) } } } } : {}),
    responses,
  };
}

/** The whole document; `serverUrl` is where this service answers. */
export function openApiDocument(serverUrl?: string): Record<string, unknown> {
  const out = z.registry<{ id: string }>();
  const inp = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries({ ...resources, ...frames })) named(out, schema, pascal(name));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, r] of Object.entries(apiRoutes) as [string, RouteDef][]) {
    const responseId = r.response ? named(out, r.response, `${pascal(id)}Response`) : null;
    const bodyId = r.body ? named(inp, r.body, `${pascal(id)}Body`) : null;
    (paths[r.path] ??= {})[r.method] = operation(id, r, responseId, bodyId);
  }
  const schemas = { ...componentsOf(inp, 'input'), ...componentsOf(out, 'output') };
  (schemas.ErrorBody.properties as { error: JsonSchema }).error = {
    ...((schemas.ErrorBody.properties as { error: JsonSchema }).error as JsonSchema),
    description: `code is one of: ${Object.keys(ERROR_STATUS).join(', ')}`,
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Runnel REST API',
      version: VERSION,
      description: 'REST v1 and SSE streams of a Runnel service (docs/api.md). Webhooks under /e/ need no key.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }, { session: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'The API key (runnel serve prints where it is)' },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The web UI session (runnel open)' },
      },
    },
  };
}
