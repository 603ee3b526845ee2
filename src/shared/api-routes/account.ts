// REST v1 routes of the account: connected accounts, the user, settings, system and keys.
import { z } from 'zod';
import { createAccountBody, updateAccountBody, updateSettingsBody } from '../api';
import { account, settings, systemInfo } from '../resource-schemas';
import { deleted, one, route } from '../route-def';

export const accountRoutes = {
  createAccount: route({ method: 'post', path: '/v1/accounts', summary: 'Connect an account (app credentials)', body: createAccountBody, response: one(account) }),
  listAccounts: route({ method: 'get', path: '/v1/accounts', summary: 'Connected accounts (credentials masked)', response: one(z.array(account)) }),
  getAccount: route({ method: 'get', path: '/v1/accounts/{id}', summary: 'One connected account', response: one(account) }),
  updateAccount: route({ method: 'put', path: '/v1/accounts/{id}', summary: 'Rename or re-key an account', body: updateAccountBody, response: one(account) }),
  deleteAccount: route({ method: 'delete', path: '/v1/accounts/{id}', summary: 'Remove an account nothing uses', response: deleted }),
  me: route({
    method: 'get',
    path: '/v1/users/me',
    summary: 'The user',
    response: one(z.object({ id: z.string(), username: z.string(), created_at: z.number() })),
  }),
  getSettings: route({ method: 'get', path: '/v1/settings', summary: 'Service-wide settings', response: one(settings) }),
  updateSettings: route({ method: 'put', path: '/v1/settings', summary: 'Change settings', body: updateSettingsBody, response: one(settings) }),
  system: route({ method: 'get', path: '/v1/system', summary: 'Where the service keeps its data, and its sandbox walls', response: one(systemInfo) }),
  rotateApiKey: route({
    method: 'post',
    path: '/v1/api-key/rotate',
    summary: 'Replace the API key (the old one is refused from then on)',
    response: one(z.object({ rotated: z.literal(true), api_key_file: z.string() })),
  }),
  createSessionToken: route({
    method: 'post',
    path: '/v1/session-tokens',
    summary: 'A one-time link that signs the web UI in',
    response: one(z.object({ token: z.string(), url: z.string() })),
  }),
  session: route({
    method: 'get',
    path: '/v1/session',
    summary: 'Whether this request carries a web UI session (the page asks before anything else; no credential needed)',
    response: one(z.object({ signed_in: z.boolean() })),
    public: true,
  }),
  openapi: route({
    method: 'get',
    path: '/v1/openapi.json',
    summary: 'This document: REST v1 and the SSE streams as OpenAPI 3.1',
    response: z.record(z.string(), z.unknown()),
  }),
};
