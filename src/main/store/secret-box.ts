import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const PREFIX = 'rnsec:v1:';

/**
 * Seals secret values (secret props, account credentials) with AES-256-GCM under one data key
 * per data dir, kept in a 0600 file (the desktop app wraps that file with the OS keychain).
 * A sealed value is a string `rnsec:v1:<iv>:<tag>:<ciphertext>` (base64url).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** Opens the data dir's key file, creating it (32 random bytes) on first use. */
  static async open(file: string): Promise<SecretBox> {
    try {
      const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
      if (key.length === 32) return new SecretBox(key);
      throw new Error(`the secrets key in ${file} is not 32 bytes; restore it from a backup or remove it (secrets sealed with it are then lost)`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const key = randomBytes(32);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, key.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return new SecretBox(key);
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
