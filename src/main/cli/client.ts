import type { Connection } from './connection';
import { CliError } from './errors';
import { createApiClient, type ApiClient, type Failure } from '../../shared/api-client';

/** The REST client every command uses: the shared typed client, the API's errors as one readable line. */
export class RunnelClient {
  /** Operations of the route table, typed from it (`api.data('getSource', { id })`). */
  readonly api: ApiClient;

  constructor(readonly conn: Connection) {
    this.api = createApiClient({
      baseUrl: conn.url,
      fetch: (url, init) => fetch(url, init),
      headers: { authorization: `Bearer ${conn.apiKey}` },
      fail: (f) => this.failure(f),
    });
  }

  private failure(f: Failure): CliError {
    if (f.kind === 'network') {
      const err = f.cause as Error;
      const cause = err.cause instanceof Error ? err.cause.message : err.message;
      return new CliError(`cannot reach Runnel at ${this.conn.url} (${cause}); is runnel serve running?`);
    }
    if (f.kind === 'not_json') return new CliError(`${f.method} ${f.path}: the service answered ${f.status} with something that is not JSON`);
    if (f.status === 401) return new CliError(`the API key was refused by ${this.conn.url} (wrong key for this service; key from ${this.conn.from})`, 1, 'unauthorized');
    return new CliError(f.error?.message ?? `${f.method} ${f.path}: the service answered ${f.status}`, 1, f.error?.code);
  }
}
