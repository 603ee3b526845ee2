import { Hono } from 'hono';
import { updateSettingsBody } from '../../../shared/api';
import type { AccountService } from '../../services/account-service';
import { jsonBody } from '../json-body';

export function accountRoutes(account: AccountService): Hono {
  const r = new Hono();
  r.get('/users/me', (c) => c.json({ data: account.me() }));
  r.get('/settings', (c) => c.json({ data: account.settings() }));
  r.put('/settings', async (c) => c.json({ data: await account.updateSettings(await jsonBody(c, updateSettingsBody)) }));
  return r;
}
