import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Asks a running service for a one-time web UI link (POST /v1/session-tokens). */
export async function openLink(url: string, apiKey: string | undefined, dataDir: string): Promise<string> {
  let key = apiKey?.trim();
  if (!key) {
    try {
      key = (await readFile(join(dataDir, 'api-key'), 'utf8')).trim();
    } catch {
      throw new Error(`no API key: pass --api-key, set RUNNEL_API_KEY, or point --data-dir at the service's data dir (no ${join(dataDir, 'api-key')})`);
    }
  }
  let res: Response;
  try {
    res = await fetch(new URL('/v1/session-tokens', url), { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  } catch (err) {
    throw new Error(`cannot reach Runnel at ${url} (${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}); is runnel serve running?`);
  }
  const body = (await res.json().catch(() => ({}))) as { data?: { url?: string }; error?: { message?: string } };
  if (res.status === 401) throw new Error('the API key was refused (wrong key for this service)');
  if (!res.ok || !body.data?.url) throw new Error(body.error?.message ?? `the service answered ${res.status}`);
  return body.data.url;
}
