import { RunnelError } from '../../shared/errors';
import { ENV_NAME, RESERVED_ENV_NAMES, type EnvVar, type PutEnvVarBody } from '../../shared/env-vars-api';
import type { Clock } from '../scheduler/clock';
import type { EnvVarDoc } from '../store/document-types';
import type { DocumentStore } from '../store/documents';
import type { SecretBox } from '../store/secret-box';
import { SECRET_MASK } from './secrets';

/**
 * The project's environment variables: sealed at rest (every value, secret or not), exposed to
 * components as `process.env.NAME` and to step props as `{{process.env.NAME}}`, secret values
 * masked in answers and, like secret props, in logs and run output.
 */
export class EnvVars {
  /** Opened values, kept until the next change (every invocation reads them). */
  private opened: { all: Record<string, string>; secret: string[] } | undefined;

  constructor(
    private readonly docs: DocumentStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** Sorted by name; secret values masked. */
  list(): EnvVar[] {
    return [...this.docs.data.env].sort((a, b) => (a.name < b.name ? -1 : 1)).map((v) => this.view(v));
  }

  async set(name: string, body: PutEnvVarBody): Promise<EnvVar> {
    checkName(name);
    const now = Math.floor(this.clock.now() / 1000);
    const old = this.docs.data.env.find((v) => v.name === name);
    const secret = body.secret ?? old?.secret ?? true;
    // Sending the mask back (a form that showed it) keeps the stored value.
    const value = body.value === SECRET_MASK && old ? old.value : this.box.seal(body.value);
    const doc: EnvVarDoc = { name, value, secret, created_at: old?.created_at ?? now, updated_at: now };
    await this.docs.update((d) => {
      d.env = [...d.env.filter((v) => v.name !== name), doc];
    });
    this.opened = undefined;
    return this.view(doc);
  }

  async remove(name: string): Promise<void> {
    if (!this.docs.data.env.some((v) => v.name === name)) throw new RunnelError('not_found', `No environment variable "${name}"`);
    await this.docs.update((d) => {
      d.env = d.env.filter((v) => v.name !== name);
    });
    this.opened = undefined;
  }

  /** Every variable in clear, as `process.env` shows them. */
  values(): Record<string, string> {
    return this.open().all;
  }

  /** The clear texts of secret variables, for masking. */
  secretTexts(): string[] {
    return this.open().secret;
  }

  private open(): { all: Record<string, string>; secret: string[] } {
    if (!this.opened) {
      const all: Record<string, string> = Object.create(null) as Record<string, string>;
      const secret: string[] = [];
      for (const v of this.docs.data.env) {
        all[v.name] = this.box.open(v.value);
        if (v.secret) secret.push(all[v.name]);
      }
      this.opened = { all, secret };
    }
    return this.opened;
  }

  private view(v: EnvVarDoc): EnvVar {
    return { name: v.name, value: v.secret ? SECRET_MASK : this.box.open(v.value), secret: v.secret, created_at: v.created_at, updated_at: v.updated_at };
  }
}

function checkName(name: string): void {
  if (!ENV_NAME.test(name) || name === '__proto__') {
    throw new RunnelError('bad_request', `"${name.slice(0, 64)}" is not an environment variable name: a letter or "_" followed by letters, digits or "_" (at most 128)`);
  }
  if (RESERVED_ENV_NAMES.has(name)) throw new RunnelError('bad_request', `${name} is set by Runnel for each component`);
}
