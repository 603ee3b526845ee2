import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The local API key: RUNNEL_API_KEY when set, else the key kept in the data dir (created on
 * first start, file mode 0600).
 */
export async function loadApiKey(file: string, fromEnv: string | undefined): Promise<{ key: string; source: 'env' | 'file' }> {
  if (fromEnv && fromEnv.trim()) return { key: fromEnv.trim(), source: 'env' };
  try {
    const key = (await readFile(file, 'utf8')).trim();
    if (key) return { key, source: 'file' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = `rn_${randomBytes(24).toString('base64url')}`;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, key + '\n', { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  await chmod(file, 0o600);
  return { key: (await readFile(file, 'utf8')).trim(), source: 'file' };
}

/** Writes a new key to the key file (temp file + rename, mode 0600) and returns it. */
export async function rotateApiKey(file: string): Promise<string> {
  const key = `rn_${randomBytes(24).toString('base64url')}`;
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, key + '\n', { mode: 0o600 });
  await rename(tmp, file);
  return key;
}
