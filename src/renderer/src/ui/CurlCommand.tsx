import type { SystemInfo } from '../../../shared/resources';
import { useStore } from '../store/index';
import { CopyButton } from './CopyButton';

/** `'…'` for a shell, whatever the text holds. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command that works as pasted: this service's real address, and the API key read where
 * the service keeps it (its key file, or RUNNEL_API_KEY when it was started with that).
 */
export function curlCommand(o: { method: string; path: string; body?: unknown }, origin: string, system: SystemInfo | null): string {
  const key = system?.api_key_source === 'env' ? '$RUNNEL_API_KEY' : `$(cat ${shellQuote(system?.api_key_file ?? '<data dir>/api-key')})`;
  const parts = [`curl -X ${o.method} "${origin}${o.path}"`, `-H "Authorization: Bearer ${key}"`];
  if (o.body !== undefined) parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(o.body))}`);
  return parts.join(' ');
}

/** An empty state's "or from a terminal" command, with a copy button. */
export function CurlCommand(o: { method: string; path: string; body?: unknown }) {
  const system = useStore((s) => s.system);
  const text = curlCommand(o, window.location.origin, system);
  return (
    <span className="curl-command">
      <code>{text}</code> <CopyButton text={text} label="Copy command" />
    </span>
  );
}
