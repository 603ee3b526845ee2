// REST v1 routes of data stores and their records (docs/data-stores.md).
import { z } from 'zod';
import { listQuery } from '../api';
import { createDataStoreBody, putRecordBody } from '../data-stores-api';
import { dataStore, dataStoreRecord } from '../resource-schemas';
import { deleted, one, page, route } from '../route-def';

export const dataStoreRoutes = {
  listDataStores: route({ method: 'get', path: '/v1/data_stores', summary: 'List data stores', query: listQuery, response: page(dataStore) }),
  createDataStore: route({ method: 'post', path: '/v1/data_stores', summary: 'Create a data store', body: createDataStoreBody, response: one(dataStore) }),
  getDataStore: route({ method: 'get', path: '/v1/data_stores/{id}', summary: 'One data store', response: one(dataStore) }),
  deleteDataStore: route({ method: 'delete', path: '/v1/data_stores/{id}', summary: 'Delete a data store nothing uses', response: deleted }),
  listRecords: route({ method: 'get', path: '/v1/data_stores/{id}/records', summary: "A store's records", query: listQuery, response: page(dataStoreRecord) }),
  clearRecords: route({
    method: 'delete',
    path: '/v1/data_stores/{id}/records',
    summary: 'Delete every record of a store',
    response: one(z.object({ id: z.string(), cleared: z.literal(true) })),
  }),
  getRecord: route({ method: 'get', path: '/v1/data_stores/{id}/records/{key}', summary: 'One record (the key percent-encoded)', response: one(dataStoreRecord) }),
  putRecord: route({ method: 'put', path: '/v1/data_stores/{id}/records/{key}', summary: 'Write a record', body: putRecordBody, response: one(dataStoreRecord) }),
  deleteRecord: route({
    method: 'delete',
    path: '/v1/data_stores/{id}/records/{key}',
    summary: 'Delete a record',
    response: one(z.object({ key: z.string(), deleted: z.literal(true) })),
  }),
};
