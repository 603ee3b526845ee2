import { RunnelError } from '../../shared/errors';
import { newId } from '../../shared/ids';
import type { CreateAccountBody, UpdateAccountBody } from '../../shared/api';
import type { Account } from '../../shared/resources';
import type { PropDescriptor } from '../domain/components';
import type { Clock } from '../scheduler/clock';
import type { AccountDoc } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { SecretBox } from '../store/secret-box';
import { SECRET_MASK } from './secrets';

/** A configured app prop: the account it uses, or none for an app without auth. */
export type AppPropValue = { account_id: string } | { account_id: null };

/**
 * Connected accounts (`apn_…`): credentials for an app, sealed at rest, never returned in
 * clear. App props pick one with `{"account_id": "apn_…"}` and see its credentials as `$auth`.
 */
export class Accounts {
  constructor(
    private readonly docs: DocumentStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  list(): Account[] {
    return this.docs.data.accounts.map((a) => this.view(a));
  }

  one(id: string): Account {
    return this.view(this.get(id));
  }

  get(id: string): AccountDoc {
    const a = this.docs.data.accounts.find((x) => x.id === id);
    if (!a) throw new RunnelError('not_found', `No account with id "${id}"`);
    return a;
  }

  /** `id` is given only by the project import (the hosted `apn_…` id the steps name). */
  async create(body: CreateAccountBody, id?: string): Promise<Account> {
    if (id !== undefined && this.docs.data.accounts.some((a) => a.id === id)) throw new RunnelError('conflict', `An account with id "${id}" already exists`);
    const now = Math.floor(this.clock.now() / 1000);
    const doc: AccountDoc = { id: id ?? newId('apn'), app: body.app, name: body.name ?? body.app, auth: this.box.seal(JSON.stringify(body.auth)), created_at: now, updated_at: now };
    await this.docs.update((d) => {
      d.accounts.push(doc);
    });
    return this.view(doc);
  }

  async update(id: string, body: UpdateAccountBody): Promise<Account> {
    const old = this.get(id);
    const next: AccountDoc = {
      ...old,
      name: body.name ?? old.name,
      auth: body.auth ? this.box.seal(JSON.stringify(this.keepMasked(old, body.auth))) : old.auth,
      updated_at: Math.floor(this.clock.now() / 1000),
    };
    await this.docs.update((d) => {
      d.accounts = d.accounts.map((a) => (a.id === id ? next : a));
    });
    return this.view(next);
  }

  async remove(id: string): Promise<void> {
    this.get(id);
    const users = [
      ...this.docs.data.sources.filter((s) => usesAccount(s.props, id)).map((s) => s.id),
      ...this.docs.data.workflows.filter((w) => w.steps.some((st) => usesAccount(st.configured_props, id))).map((w) => w.id),
    ];
    if (users.length > 0) throw new RunnelError('conflict', `Account ${id} is used by ${users.join(', ')}; point them at another account first`);
    await this.docs.update((d) => {
      d.accounts = d.accounts.filter((a) => a.id !== id);
    });
  }

  /** Checks an app prop's configured value at deploy; returns what to store. */
  configure(prop: PropDescriptor, given: unknown): AppPropValue {
    const app = prop.app ?? prop.name;
    const accountId = given && typeof given === 'object' ? (given as { account_id?: unknown }).account_id : undefined;
    if (typeof accountId === 'string') {
      const account = this.docs.data.accounts.find((a) => a.id === accountId);
      if (!account) throw new RunnelError('invalid_props', `Prop "${prop.name}": no account with id "${accountId}"`, { prop: prop.name });
      if (account.app !== app) throw new RunnelError('invalid_props', `Prop "${prop.name}" needs a ${app} account; ${accountId} is a ${account.app} account`, { prop: prop.name });
      return { account_id: accountId };
    }
    // No account: apps that need no credentials work as they are; code that reads a credential
    // fails at the read, naming the prop (see sandbox/host/invoke/unconnected-auth.ts).
    return { account_id: null };
  }

  /**
   * The `{ $auth }` value a component sees for a configured app prop; `$auth` is null when no
   * account is connected or the account holds no credentials yet (an imported slot not filled):
   * the runner gives such a prop an empty `$auth` that refuses reads, naming the prop.
   */
  authOf(value: unknown): { $auth: Record<string, unknown> | null } {
    const id = value && typeof value === 'object' ? (value as { account_id?: unknown }).account_id : null;
    if (typeof id !== 'string') return { $auth: null };
    const account = this.docs.data.accounts.find((a) => a.id === id);
    const auth = account ? (JSON.parse(this.box.open(account.auth)) as Record<string, unknown>) : {};
    return { $auth: Object.keys(auth).length > 0 ? auth : null };
  }

  /**
   * The credential texts of the accounts that `values` (configured props) point at, so log
   * lines and exports can be scrubbed of them.
   */
  credentialTexts(values: Record<string, unknown>): string[] {
    const texts: string[] = [];
    const collect = (v: unknown): void => {
      if (typeof v === 'string') texts.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(collect);
    };
    for (const v of Object.values(values)) if (v && typeof v === 'object' && 'account_id' in v) collect(this.authOf(v).$auth);
    return texts;
  }

  /** A value sent back as the mask keeps the stored one (as for secret props), so a client need not know it. */
  private keepMasked(old: AccountDoc, auth: Record<string, unknown>): Record<string, unknown> {
    const stored = JSON.parse(this.box.open(old.auth)) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(auth).map(([k, v]) => [k, v === SECRET_MASK && k in stored ? stored[k] : v]));
  }

  private view(a: AccountDoc): Account {
    const auth = JSON.parse(this.box.open(a.auth)) as Record<string, unknown>;
    return { id: a.id, app: a.app, name: a.name, auth: Object.fromEntries(Object.keys(auth).map((k) => [k, SECRET_MASK])), created_at: a.created_at, updated_at: a.updated_at };
  }
}

function usesAccount(props: Record<string, unknown>, id: string): boolean {
  return Object.values(props).some((v) => v !== null && typeof v === 'object' && (v as { account_id?: unknown }).account_id === id);
}
