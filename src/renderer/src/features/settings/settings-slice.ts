import type { StateCreator } from 'zustand';
import type { Settings } from '../../../../shared/resources';
import { ApiError, client, messageOf } from '../../api/client';
import type { ResourcesSlice } from '../../store/resources-slice';

/** `GET /v1/packages`: where unpinned imports point, the installed sets, recent fetch activity. */
export interface PackagesState {
  resolved: Record<string, string>;
  sets: string[][];
  activity: { ts: number; line: string }[];
}

export const SETTING_FIELDS: (keyof Settings)[] = ['event_retention', 'default_timeout_seconds', 'memory_cap_mb', 'source_queue_length'];

/** The form's text values as the PUT body: numbers where they parse, the text otherwise (the API says what is wrong). */
export function settingsPatch(form: Partial<Record<keyof Settings, string>>, current: Settings | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SETTING_FIELDS) {
    const text = form[k];
    if (text === undefined) continue;
    const t = text.trim();
    const v = t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
    if (current && current[k] === v) continue;
    out[k] = v;
  }
  return out;
}

/** Which field a 400 names (`details.issues[0].path[0]`, else the `field: ` prefix of its message). */
export function fieldOf(err: unknown): keyof Settings | null {
  if (!(err instanceof ApiError)) return null;
  const issues = (err.details?.issues ?? []) as { path?: unknown[] }[];
  const named = issues[0]?.path?.[0] ?? /^(\w+):/.exec(err.message)?.[1];
  return SETTING_FIELDS.includes(named as keyof Settings) ? (named as keyof Settings) : null;
}

export interface SettingsSlice {
  /** The last settings save: an error (with the field it names) or when it succeeded. */
  settingsSave: { error?: string; field?: keyof Settings | null; savedAt?: number };
  saveSettings(form: Partial<Record<keyof Settings, string>>): Promise<boolean>;
  keyRotation: { error?: string; rotatedAt?: number };
  rotateApiKey(): Promise<boolean>;
  packages: PackagesState | null;
  packagesError: string | null;
  loadPackages(): Promise<void>;
  /** Forgets where unpinned imports point (one package or all). */
  refreshPackages(name?: string): Promise<string[] | null>;
}

export const createSettingsSlice: StateCreator<SettingsSlice & ResourcesSlice, [], [], SettingsSlice> = (set, get) => ({
  settingsSave: {},
  async saveSettings(form) {
    const patch = settingsPatch(form, get().settings);
    try {
      const settings = await client.data('updateSettings', { body: patch });
      set({ settings, settingsSave: { savedAt: Date.now() } });
      return true;
    } catch (err) {
      set({ settingsSave: { error: messageOf(err), field: fieldOf(err) } });
      return false;
    }
  },
  keyRotation: {},
  async rotateApiKey() {
    try {
      await client.data('rotateApiKey');
      set({ keyRotation: { rotatedAt: Date.now() } });
      return true;
    } catch (err) {
      set({ keyRotation: { error: messageOf(err) } });
      return false;
    }
  },
  packages: null,
  packagesError: null,
  async loadPackages() {
    try {
      set({ packages: await client.data('packages'), packagesError: null });
    } catch (err) {
      set({ packagesError: messageOf(err) });
    }
  },
  async refreshPackages(name) {
    try {
      const { refreshed } = await client.data('refreshPackages', { body: name ? { name } : {} });
      await get().loadPackages();
      return refreshed;
    } catch (err) {
      set({ packagesError: messageOf(err) });
      return null;
    }
  },
});
