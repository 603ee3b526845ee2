import { RunnelError } from '../../shared/errors';
import type { SystemInfo } from '../../shared/resources';
import { rotateApiKey } from '../api-key';
import type { PublishChange } from './change-feed';

export interface SystemServiceDeps {
  apiKeyFile: string;
  /** The key the service started with, and where it came from. */
  loaded: { key: string; source: 'env' | 'file' };
  /** What GET /v1/system says besides the API key's facts. */
  facts(): Omit<SystemInfo, 'api_key_file' | 'api_key_source'>;
  changed: PublishChange;
}

/** The service's own facts and its API key (checked on each request, rotated on demand). */
export class SystemService {
  private key: string;

  constructor(private readonly deps: SystemServiceDeps) {
    this.key = deps.loaded.key;
  }

  apiKey(): string {
    return this.key;
  }

  get apiKeySource(): 'env' | 'file' {
    return this.deps.loaded.source;
  }

  info(): SystemInfo {
    return { ...this.deps.facts(), api_key_file: this.deps.apiKeyFile, api_key_source: this.deps.loaded.source };
  }

  /** Replaces the API key; callers with the old key get 401 from then on (UI sessions stay). */
  async rotateApiKey(): Promise<{ rotated: true; api_key_file: string }> {
    if (this.deps.loaded.source === 'env') throw new RunnelError('conflict', 'The API key comes from RUNNEL_API_KEY; change it there');
    this.key = await rotateApiKey(this.deps.apiKeyFile);
    this.deps.changed('api-key');
    return { rotated: true, api_key_file: this.deps.apiKeyFile };
  }
}
