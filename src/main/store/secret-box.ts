import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const PREFIX = 'rnsec:v1:';
const WRAPPED = 'wrapped:v1:';

/** Protects the key file with something outside the data dir (Electron's safeStorage). */
export interface KeyWrapper {
  wrap(plain: Buffer): Buffer;
  unwrap(wrapped: Buffer): Buffer;
}

function decodeKey(text: string, where: string): Buffer {
  const key = Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error(`The secrets key from ${where} is not 32 bytes (base64url); secrets sealed with the right key cannot be read without it`);
  return key;
}

/**
 * Seals secret values (secret props, account credentials) with AES-256-GCM under one data key
 * per data dir, kept in a 0600 file (the desktop app wraps that file with the OS keychain).
 * A sealed value is a string `rnsec:v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /**
   * Opens the data dir's key: `fromEnv` (RUNNEL_SECRETS_KEY) when given, else the key file,
   * created (32 random bytes) on first use. With a `wrapper` (the desktop app's OS keychain) a
   * new key file is written wrapped, and a wrapped one can be read; headless, a wrapped file
   * needs the key through RUNNEL_SECRETS_KEY.
   */
  static async open(file: string, o: { wrapper?: KeyWrapper; fromEnv?: string } = {}): Promise<SecretBox> {
    if (o.fromEnv?.trim()) return new SecretBox(decodeKey(o.fromEnv.trim(), 'RUNNEL_SECRETS_KEY'));
    let text: string | undefined;
    try {
      text = (await readFile(file, 'utf8')).trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text !== undefined) {
      if (!text.startsWith(WRAPPED)) return new SecretBox(decodeKey(text, file));
      if (!o.wrapper) {
        throw new Error(
          `The secrets key in ${file} is protected by the desktop app's OS keychain. Open this data dir with the desktop app, ` +
            'or start runnel serve with RUNNEL_SECRETS_KEY set to the key exported from it (see docs/components.md, "Secret props").',
        );
      }
      return new SecretBox(decodeKey(o.wrapper.unwrap(Buffer.from(text.slice(WRAPPED.length), 'base64')).toString('utf8'), file));
    }
    const key = randomBytes(32);
    const content = o.wrapper ? WRAPPED + o.wrapper.wrap(Buffer.from(key.toString('base64url'))).toString('base64') : key.toString('base64url');
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, content + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return new SecretBox(key);
  }

  /** The key in the form RUNNEL_SECRETS_KEY takes (for the desktop app's export). */
  exportKey(): string {
    return this.key.toString('base64url');
  }

  static isSealed(v: unknown): v is string {
    return typeof v === 'string' && v.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${c.getAuthTag().toString('base64url')}:${ct.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [iv, tag, ct] = sealed.slice(PREFIX.length).split(':');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  }
}
