import { withoutRunnelSetCookies } from '../../shared/runnel-cookies';
import type { HttpResponseSpec } from '../domain/invocations';

/**
 * A component's HTTP answer (`this.http.respond`, `$.respond`) without any Set-Cookie of
 * Runnel's own cookies: webhooks share the web UI's host, so such a cookie would replace or
 * shadow the UI's session. `note` receives the line that tells the run's log why.
 */
export function withoutRunnelAnswerCookies(response: HttpResponseSpec, note: (line: string) => void): HttpResponseSpec {
  if (!response.headers || typeof response.headers !== 'object') return response;
  const { headers, dropped } = withoutRunnelSetCookies(response.headers);
  if (!dropped.length) return response;
  note(`dropped the answer's Set-Cookie of ${dropped.map((n) => `"${n}"`).join(', ')}: a component cannot set Runnel's own cookies (they belong to the web UI on this host)`);
  return { ...response, headers };
}
