import { useEffect, useState } from 'react';
import type { SystemInfo } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { CopyButton } from '../../ui/CopyButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { RelativeTime } from '../../ui/RelativeTime';

/** Where this service runs and keeps its data. */
export function SystemFacts({ system }: { system: SystemInfo }) {
  return (
    <dl className="facts" aria-label="System">
      <dt>Version</dt>
      <dd className="mono">{system.version}</dd>
      <dt>URL</dt>
      <dd>
        <code>{system.url}</code> <CopyButton text={system.url} label="Copy URL" />
      </dd>
      <dt>Data directory</dt>
      <dd>
        <code>{system.data_dir}</code> <CopyButton text={system.data_dir} label="Copy data directory" />
      </dd>
      <dt>API key file</dt>
      <dd>
        <code>{system.api_key_file}</code> <CopyButton text={system.api_key_file} label="Copy API key file path" />
      </dd>
      <dt>API key from</dt>
      <dd>{system.api_key_source === 'env' ? 'the RUNNEL_API_KEY environment variable' : 'the key file'}</dd>
      <dt>Started</dt>
      <dd>
        <RelativeTime ms={system.started_at} />
      </dd>
    </dl>
  );
}

/** Rotating the key: asks once, naming who gets 401; the key itself is never shown. */
export function KeyRotation({ system }: { system: SystemInfo | null }) {
  const rotate = useStore((s) => s.rotateApiKey);
  const state = useStore((s) => s.keyRotation);
  const fromEnv = system?.api_key_source === 'env';
  const file = system?.api_key_file ?? 'the key file';
  return (
    <div className="key-rotation">
      <p className="muted">
        Scripts and the <code>runnel</code> CLI authenticate with the key in <code>{file}</code>. This page uses its own session and is not affected.
      </p>
      {fromEnv ? (
        <p>The key comes from RUNNEL_API_KEY: change the variable and restart the service to rotate it.</p>
      ) : (
        <ConfirmButton
          label="Rotate API key"
          question={`Rotate the key? Scripts and the CLI using the old key get 401 until they read the new one from ${file}.`}
          onConfirm={async () => {
            await rotate();
          }}
        />
      )}
      {state.rotatedAt && !state.error && (
        <p role="status">
          Rotated <RelativeTime ms={state.rotatedAt} />: the new key is in <code>{file}</code>.
        </p>
      )}
      <ErrorNote error={state.error} />
    </div>
  );
}

/** Resolved versions, installed sets and recent fetch activity; Refresh forgets where unpinned imports point. */
export function PackagesPanel() {
  const packages = useStore((s) => s.packages);
  const error = useStore((s) => s.packagesError);
  const activity = useStore((s) => s.activity);
  const load = useStore((s) => s.loadPackages);
  const refresh = useStore((s) => s.refreshPackages);
  const [refreshed, setRefreshed] = useState<string[] | null>(null);
  // Fetch progress arrives on the account stream; each new line may mean a new resolution.
  useEffect(() => {
    void load();
  }, [load, activity.length]);
  const resolved = Object.entries(packages?.resolved ?? {});
  const lines = [...(packages?.activity ?? [])].reverse().slice(0, 20);
  return (
    <div className="packages">
      <div className="row">
        <button
          type="button"
          onClick={async () => {
            setRefreshed(await refresh());
          }}
        >
          Refresh packages
        </button>
        <span className="muted">The next save fetches the latest version of every unpinned import.</span>
      </div>
      {refreshed && (
        <p role="status">{refreshed.length ? `Forgot ${refreshed.join(', ')}; the next save fetches their latest versions.` : 'Nothing to refresh: no unpinned imports resolved yet.'}</p>
      )}
      <ErrorNote error={error} />
      <h3>Resolved versions</h3>
      {resolved.length === 0 ? (
        <p className="muted">
          No packages yet. A component that imports one (<code>{"import dayjs from 'dayjs'"}</code>) fetches it on its first save.
        </p>
      ) : (
        <table className="rows" aria-label="Resolved versions">
          <thead>
            <tr>
              <th>Import</th>
              <th>Version</th>
            </tr>
          </thead>
          <tbody>
            {resolved.map(([spec, v]) => (
              <tr key={spec}>
                <td className="mono">{spec}</td>
                <td className="mono">{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {packages && packages.sets.length > 0 && (
        <>
          <h3>Installed sets</h3>
          <ul className="package-sets">
            {packages.sets.map((set) => (
              <li key={set.join(' ')} className="mono">
                {set.join('  ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {lines.length > 0 && (
        <>
          <h3>Recent activity</h3>
          <ul className="package-activity">
            {lines.map((l, i) => (
              <li key={i}>
                <RelativeTime ms={l.ts} /> <span className="mono">{l.line}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
