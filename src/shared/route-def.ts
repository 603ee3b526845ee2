// What one REST route or SSE stream is, as data: the table in api-routes.ts is made of these,
// the OpenAPI document (openapi.ts) and the typed client (api-client.ts) are built from it.
import { z } from 'zod';
import { pageInfo } from './resource-schemas';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteDef {
  method: HttpMethod;
  /** OpenAPI form: `/v1/sources/{id}`. */
  path: string;
  summary: string;
  /** Query parameters (an object schema: each property is one parameter). */
  query?: z.ZodObject;
  /** The JSON request body. */
  body?: z.ZodType;
  /** The JSON answer on success; null when the success answer has no body. */
  response: z.ZodType | null;
  /** The success status (200 unless said). */
  status?: number;
  /** An SSE stream: `response` describes the JSON of each frame's `data:`. */
  sse?: true;
  /** Public (no API key): webhooks. */
  public?: true;
  /** Error statuses beyond the ones every route of its kind can answer (see `errorStatuses`). */
  errors?: number[];
}

/** `{data: T}`: the envelope of a single resource. */
export const one = <T extends z.ZodType>(t: T) => z.object({ data: t });
/** `{data: T[], page_info}`: a page of a list. */
export const page = <T extends z.ZodType>(t: T) => z.object({ page_info: pageInfo, data: z.array(t) });
/** `{data: {id, deleted: true}}`: what a delete answers. */
export const deleted = one(z.object({ id: z.string(), deleted: z.literal(true) }));

/** Keeps the literal types of a route (the client infers path, query, body and answer from them). */
export function route<const R extends RouteDef>(r: R): R {
  return r;
}

/** Every error status a route may answer, from what it takes and does (docs/api.md, "Errors"). */
export function errorStatuses(r: RouteDef): number[] {
  const s = new Set<number>(r.public ? [] : [401, 403]);
  if (r.body || r.query || r.method !== 'get') s.add(400);
  // Writes may also name other resources (a component_id, an emitter) that do not exist.
  if (r.path.includes('{') || r.method !== 'get') s.add(404);
  if (r.method !== 'get') {
    s.add(409);
    s.add(507);
  }
  if (r.body) s.add(413);
  for (const e of r.errors ?? []) s.add(e);
  s.add(500);
  return [...s].sort((a, b) => a - b);
}

/** The names of a path's `{param}`s, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** `{id: string, …}` for a path such as `/v1/sources/{id}`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name | keyof PathParams<Rest>]: string } : Record<never, string>;
