import { Hono } from 'hono';
import { createAccountBody, updateAccountBody, updateSettingsBody } from '../../../shared/api';
import type { UserService } from '../../services/user-service';
import type { AppAccountsService } from '../../services/app-accounts-service';
import { jsonBody } from '../json-body';

export function accountRoutes(user: UserService, accounts: AppAccountsService): Hono {
  const r = new Hono();
  r.post('/accounts', async (c) => c.json({ data: await accounts.create(await jsonBody(c, createAccountBody)) }));
  r.get('/accounts', (c) => c.json({ data: accounts.list() }));
  r.get('/accounts/:id', (c) => c.json({ data: accounts.one(c.req.param('id')) }));
  r.put('/accounts/:id', async (c) => c.json({ data: await accounts.update(c.req.param('id'), await jsonBody(c, updateAccountBody)) }));
  r.delete('/accounts/:id', async (c) => {
    await accounts.remove(c.req.param('id'));
    return c.json({ data: { id: c.req.param('id'), deleted: true } });
  });
  r.get('/users/me', (c) => c.json({ data: user.me() }));
  r.get('/settings', (c) => c.json({ data: user.settings() }));
  r.put('/settings', async (c) => c.json({ data: await user.updateSettings(await jsonBody(c, updateSettingsBody)) }));
  return r;
}
