import type { UpdateSettingsBody } from '../../shared/api';
import { newId } from '../../shared/ids';
import type { Settings } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { PublishChange } from './change-feed';

/** The local account: its user record and service-wide settings. */
export class UserService {
  constructor(
    private readonly docs: DocumentStore,
    private readonly changed: PublishChange,
  ) {}

  me(): { id: string; username: string; created_at: number } {
    const u = this.docs.data.user!;
    return { id: u.id, username: 'local', created_at: u.created_at };
  }

  settings(): Settings {
    return { ...this.docs.data.settings };
  }

  async updateSettings(patch: UpdateSettingsBody): Promise<Settings> {
    await this.docs.update((d) => {
      Object.assign(d.settings, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    });
    this.changed('settings');
    return this.settings();
  }
}

/** Creates the local user on a fresh data dir (its id is the owner of every resource). */
export async function ensureLocalUser(docs: DocumentStore, clock: { now(): number }): Promise<void> {
  if (docs.data.user) return;
  await docs.update((d) => {
    d.user = { id: newId('u'), created_at: Math.floor(clock.now() / 1000) };
  });
}
