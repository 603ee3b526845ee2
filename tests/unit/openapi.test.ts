import { describe, expect, test } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '../../src/shared/openapi';
import { apiRoutes } from '../../src/shared/api-routes';

describe('the OpenAPI document built from the route table', () => {
  const doc = openApiDocument('http://127.0.0.1:8080') as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string }>>;
    components: { schemas: Record<string, unknown> };
  };

  test('is a valid OpenAPI 3.1 document (checked against the official schema of the specification)', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('the check above can fail: a response without its required description is refused', async () => {
    const broken = structuredClone(doc);
    delete (broken.paths['/v1/system'].get as unknown as { responses: Record<string, { description?: string }> }).responses['200'].description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test('has one operation per route of the table, named by its key', () => {
    const ops = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod).map((o) => o.operationId));
    expect(ops.sort()).toEqual(Object.keys(apiRoutes).sort());
  });

  test('every $ref points at a schema the document has', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(50);
    for (const id of refs) expect(doc.components.schemas, id).toHaveProperty(id);
  });
});
