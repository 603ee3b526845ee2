import { Hono } from 'hono';
import { listQuery } from '../../../shared/api';
import { createDataStoreBody, putRecordBody } from '../../../shared/data-stores-api';
import type { DataStoresService } from '../../services/data-stores-service';
import { jsonBody, query } from '../json-body';

/** `/v1/data_stores`: stores and their records. A key is one path segment, percent-encoded. */
export function dataStoreRoutes(stores: DataStoresService): Hono {
  const r = new Hono();
  r.get('/data_stores', (c) => c.json(stores.list(query(c, listQuery))));
  r.post('/data_stores', async (c) => c.json({ data: await stores.create(await jsonBody(c, createDataStoreBody)) }));
  r.get('/data_stores/:id', (c) => c.json({ data: stores.get(c.req.param('id')) }));
  r.delete('/data_stores/:id', async (c) => {
    await stores.remove(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.get('/data_stores/:id/records', async (c) => c.json(await stores.records(c.req.param('id'), query(c, listQuery))));
  r.delete('/data_stores/:id/records', async (c) => {
    await stores.clear(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), cleared: true } });
  });
  r.get('/data_stores/:id/records/:key', async (c) => c.json({ data: await stores.record(c.req.param('id'), c.req.param('key')) }));
  r.put('/data_stores/:id/records/:key', async (c) =>
    c.json({ data: await stores.put(c.req.param('id'), c.req.param('key'), await jsonBody(c, putRecordBody)) }),
  );
  r.delete('/data_stores/:id/records/:key', async (c) => {
    await stores.deleteRecord(c.req.param('id'), c.req.param('key'));
    return c.json({ data: { key: c.req.param('key'), deleted: true } });
  });
  return r;
}
