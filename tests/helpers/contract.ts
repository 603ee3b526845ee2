// Checks a real answer of the service against the OpenAPI document (GET /v1/openapi.json, built
// from the same table): the status must be one the operation declares, and a JSON body must match
// that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses, by @cfworker/json-schema).
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { openApiDocument } from '../../src/shared/openapi';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

const doc = openApiDocument() as Doc;
/** Templates with fewer `{params}` first, so `/v1/components/registry` wins over `{idOrKey}`. */
const templates = Object.keys(doc.paths)
  .map((t) => ({ t, re: new RegExp(`^${t.replace(/[$.]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`), params: (t.match(/\{/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);
const validators = new Map<string, Validator>();

function validatorFor(schema: object): Validator {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    // The components ride along in the root schema, so `#/components/schemas/…` resolves in it.
    v = new Validator({ ...schema, components: doc.components }, '2020-12', false);
    validators.set(key, v);
  }
  return v;
}

/** Why this answer breaks the contract, or null when it keeps it (or is not the API's JSON). */
export function contractProblem(method: string, url: string, status: number, body: unknown): string | null {
  const path = new URL(url, 'http://x').pathname;
  if (path.startsWith('/e/')) return null; // webhooks answer whatever the component says
  const op = templates.find((x) => x.re.test(path) && doc.paths[x.t][method.toLowerCase()]);
  const where = `${method} ${path} → ${status}`;
  const errorSchema = { $ref: '#/components/schemas/ErrorBody' };
  if (!op) {
    // An unknown route: the answer must still be the API's error.
    return status >= 400 ? problems(where, validatorFor(errorSchema), body) : `${where}: no such operation in the OpenAPI document`;
  }
  const response = doc.paths[op.t][method.toLowerCase()].responses[String(status)];
  if (!response) return `${where}: status ${status} is not declared for ${method} ${op.t}`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? null : `${where}: a body where the document declares none`;
  return problems(where, validatorFor(schema), body);
}

function problems(where: string, v: Validator, body: unknown): string | null {
  const r = v.validate(body);
  if (r.valid) return null;
  const lines = r.errors.filter((e: OutputUnit) => e.keyword !== '$ref' && e.keyword !== 'properties').map((e) => `  ${e.instanceLocation}: ${e.error}`);
  return `${where}: the answer does not match the OpenAPI document\n${(lines.length ? lines : r.errors.map((e) => `  ${e.error}`)).slice(0, 8).join('\n')}\nbody: ${JSON.stringify(body).slice(0, 500)}`;
}
