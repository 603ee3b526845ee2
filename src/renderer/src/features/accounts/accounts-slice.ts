import type { StateCreator } from 'zustand';
import type { Account } from '../../../../shared/resources';
import { client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';

/** What the service shows instead of a stored credential; sent back, it keeps the stored value. */
export const MASK = '********';

/** One key/value line of the auth editor. `stored`: the key exists on the account (its value is masked). */
export interface AuthRow {
  key: string;
  value: string;
  stored: boolean;
}

/** The rows of an account being edited: its keys, values left empty (meaning "unchanged"). */
export function rowsOf(account: Account): AuthRow[] {
  return Object.keys(account.auth).map((key) => ({ key, value: '', stored: true }));
}

/**
 * The `auth` to send: on create every filled row; on edit `undefined` when nothing changed,
 * else the masked object with only the changed values in clear (the mask keeps a stored value).
 */
export function authBody(rows: AuthRow[]): Record<string, string>;
export function authBody(rows: AuthRow[], original: Account): Record<string, string> | undefined;
export function authBody(rows: AuthRow[], original?: Account): Record<string, string> | undefined {
  const live = rows.filter((r) => r.key.trim() !== '');
  const auth = Object.fromEntries(live.map((r) => [r.key.trim(), r.stored && r.value === '' ? MASK : r.value]));
  if (!original) return auth;
  const before = Object.keys(original.auth).sort().join('\n');
  const after = Object.keys(auth).sort().join('\n');
  const typed = live.some((r) => r.value !== '');
  return before === after && !typed ? undefined : auth;
}

export interface AccountsSlice {
  /** The last failure of an account action, by where it happened: `create` or an account id. */
  accountErrors: Record<string, string | undefined>;
  createAccount(input: { app: string; name: string; rows: AuthRow[] }): Promise<Account | null>;
  updateAccount(account: Account, input: { name: string; rows: AuthRow[] }): Promise<Account | null>;
  deleteAccount(id: string): Promise<boolean>;
  clearAccountError(where: string): void;
}

export const createAccountsSlice: StateCreator<AccountsSlice & ResourcesSlice, [], [], AccountsSlice> = (set, get) => {
  const note = (where: string, message: string | undefined) => set((s) => ({ accountErrors: { ...s.accountErrors, [where]: message } }));
  /** Runs an action; on failure keeps the API's message where the user acted. */
  const attempt = async <T>(where: string, f: () => Promise<T>): Promise<T | null> => {
    try {
      const out = await f();
      note(where, undefined);
      await get().refresh('accounts');
      return out;
    } catch (err) {
      note(where, messageOf(err));
      return null;
    }
  };
  return {
    accountErrors: {},
    createAccount: ({ app, name, rows }) =>
      attempt('create', () => client.data('createAccount', { body: { app: app.trim(), ...(name.trim() ? { name: name.trim() } : {}), auth: authBody(rows) } })),
    updateAccount: (account, { name, rows }) => {
      const auth = authBody(rows, account);
      const body = { ...(name.trim() && name.trim() !== account.name ? { name: name.trim() } : {}), ...(auth ? { auth } : {}) };
      return attempt(account.id, () => client.data('updateAccount', { id: account.id, body }));
    },
    deleteAccount: async (id) => (await attempt(id, () => client.data('deleteAccount', { id }).then(() => true))) === true,
    clearAccountError: (where) => note(where, undefined),
  };
};
