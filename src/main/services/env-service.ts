import type { EnvVar, PutEnvVarBody } from '../../shared/env-vars-api';
import type { EnvVars } from '../runtime/env-vars';
import type { PublishChange } from './change-feed';

/** The project's environment variables (REST v1 `/env`, `runnel env`, Settings). */
export class EnvService {
  constructor(
    private readonly env: EnvVars,
    private readonly changed: PublishChange,
  ) {}

  list(): EnvVar[] {
    return this.env.list();
  }

  async set(name: string, body: PutEnvVarBody): Promise<EnvVar> {
    const v = await this.env.set(name, body);
    this.changed('env', name);
    return v;
  }

  async remove(name: string): Promise<void> {
    await this.env.remove(name);
    this.changed('env', name);
  }
}
