import type { CreateAccountBody, UpdateAccountBody } from '../../shared/api';
import type { Account } from '../../shared/resources';
import type { Accounts } from '../runtime/accounts';
import type { PublishChange } from './change-feed';

/** Connected app accounts (credentials components use through app props). */
export class AppAccountsService {
  constructor(
    private readonly accounts: Accounts,
    private readonly changed: PublishChange,
  ) {}

  list(): Account[] {
    return this.accounts.list();
  }

  one(id: string): Account {
    return this.accounts.one(id);
  }

  async create(body: CreateAccountBody): Promise<Account> {
    const account = await this.accounts.create(body);
    this.changed('accounts');
    return account;
  }

  async update(id: string, body: UpdateAccountBody): Promise<Account> {
    const account = await this.accounts.update(id, body);
    this.changed('accounts', id);
    return account;
  }

  async remove(id: string): Promise<void> {
    await this.accounts.remove(id);
    this.changed('accounts', id);
  }
}
