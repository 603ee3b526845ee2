import { RunnelError } from '../../shared/errors';

const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

/** Fetches a component's source from an http(s) URL (`component_url`, as on the hosted API). */
export async function fetchComponentCode(url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RunnelError('bad_request', `component_url is not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RunnelError('bad_request', 'component_url must be an http or https URL');
  }
  let res: Response;
  try {
    res = await fetch(parsed, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new RunnelError('unprocessable', `component_url could not be fetched: ${(err as Error).message}`);
  }
  if (!res.ok) throw new RunnelError('unprocessable', `component_url answered ${res.status} ${res.statusText}`);
  const text = await res.text();
  if (Buffer.byteLength(text) > MAX_BYTES) throw new RunnelError('payload_too_large', 'The component at component_url is over 1 MB');
  if (text.trim() === '') throw new RunnelError('invalid_component', 'component_url returned an empty file');
  return text;
}
