import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox, type KeyWrapper } from '../../../src/main/store/secret-box';
import { tempDir } from '../../helpers/temp-dir';

/** Stands in for the OS keychain: a reversible transform the file alone does not reveal. */
const keychain: KeyWrapper = {
  wrap: (b) => Buffer.from([...b].map((x) => x ^ 0x5a)),
  unwrap: (b) => Buffer.from([...b].map((x) => x ^ 0x5a)),
};

describe('SecretBox', () => {
  it('creates a 0600 key file on first use and seals values it can open again', async () => {
    const file = join(tempDir('sb-'), 'secrets.key');
    const box = await SecretBox.open(file);
    const sealed = box.seal('hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await SecretBox.open(file)).open(sealed)).toBe('hunter2');
  });

  it('writes a wrapped key with a keychain; headless needs RUNNEL_SECRETS_KEY to read it', async () => {
    const file = join(tempDir('sb-'), 'secrets.key');
    const desktop = await SecretBox.open(file, { wrapper: keychain });
    const sealed = desktop.seal('token');
    expect(readFileSync(file, 'utf8')).toMatch(/^wrapped:v1:/);
    expect((await SecretBox.open(file, { wrapper: keychain })).open(sealed)).toBe('token');
    await expect(SecretBox.open(file)).rejects.toThrow(/OS keychain.*RUNNEL_SECRETS_KEY/s);
    const exported = keychain.unwrap(Buffer.from(readFileSync(file, 'utf8').trim().slice('wrapped:v1:'.length), 'base64')).toString('utf8');
    expect((await SecretBox.open(file, { fromEnv: exported })).open(sealed)).toBe('token');
    await expect(SecretBox.open(file, { fromEnv: 'short' })).rejects.toThrow(/not 32 bytes/);
  });
});
