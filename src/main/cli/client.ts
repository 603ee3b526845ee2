import type { Connection } from './connection';
import { CliError } from './errors';

/** The REST client every command uses: JSON in and out, the API's errors as one readable line. */
export class RunnelClient {
  constructor(readonly conn: Connection) {}

  /** The whole JSON body (`{data, page_info?}`); throws CliError on any failure. */
  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.conn.url + path, {
        method,
        headers: { authorization: `Bearer ${this.conn.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      const cause = (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
      throw new CliError(`cannot reach Runnel at ${this.conn.url} (${cause}); is runnel serve running?`);
    }
    if (res.status === 202 || res.status === 204) return undefined as T;
    const text = await res.text();
    let json: { error?: { code?: string; message?: string } } & Record<string, unknown>;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new CliError(`${method} ${path}: the service answered ${res.status} with something that is not JSON`);
    }
    if (res.status === 401) throw new CliError(`the API key was refused by ${this.conn.url} (wrong key for this service; key from ${this.conn.from})`, 1, 'unauthorized');
    if (!res.ok) throw new CliError(json.error?.message ?? `${method} ${path}: the service answered ${res.status}`, 1, json.error?.code);
    return json as T;
  }

  /** The `data` of the answer. */
  async data<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return ((await this.request<{ data: T }>(method, path, body)) ?? ({} as { data: T })).data;
  }

  get<T = unknown>(path: string) {
    return this.data<T>('GET', path);
  }
  post<T = unknown>(path: string, body: unknown = {}) {
    return this.data<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body: unknown) {
    return this.data<T>('PUT', path, body);
  }
  del<T = unknown>(path: string) {
    return this.data<T>('DELETE', path);
  }
}
