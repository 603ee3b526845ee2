import { describe, expect, test } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { useService } from '../helpers/service';

describe('GET /v1/openapi.json', () => {
  const svc = useService();

  test('serves a valid OpenAPI 3.1 document of this service, naming its own address', async () => {
    const res = await svc.api('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: svc.url }]);
    expect(doc.paths['/v1/sources/{id}'].get.operationId).toBe('getSource');
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  test('needs the API key, like the rest of /v1', async () => {
    const res = await svc.api('/v1/openapi.json', { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });
});
