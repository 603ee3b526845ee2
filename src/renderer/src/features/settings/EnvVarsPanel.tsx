import { useState, type FormEvent } from 'react';
import { client, messageOf } from '../../api/client';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';

/**
 * The project's environment variables: `process.env.NAME` in components, `{{process.env.NAME}}`
 * in step props. Secret values are never shown again after saving (the list shows the mask).
 */
export function EnvVarsPanel() {
  const vars = useStore((s) => s.envVars);
  const loadError = useStore((s) => s.loadErrors.env);
  const refresh = useStore((s) => s.refresh);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [secret, setSecret] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await client.data('putEnvVar', { name: name.trim(), body: { value, secret } });
      setName('');
      setValue('');
      await refresh('env');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (n: string) => {
    setError(null);
    try {
      await client.data('deleteEnvVar', { name: n });
      await refresh('env');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div className="env-vars">
      <ErrorNote error={loadError} />
      {vars.length === 0 ? (
        <p className="muted">No variables yet. Components read them as <code>process.env.NAME</code>; step props as <code>{'{{process.env.NAME}}'}</code>.</p>
      ) : (
        <table className="table" aria-label="Environment variables">
          <thead>
            <tr>
              <th>Name</th>
              <th>Value</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {vars.map((v) => (
              <tr key={v.name}>
                <td className="mono">{v.name}</td>
                <td className="mono">{v.secret ? <span className="muted">{v.value} (secret)</span> : v.value}</td>
                <td>
                  <button type="button" className="danger" aria-label={`Remove ${v.name}`} onClick={() => void remove(v.name)}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="env-form" aria-label="Set an environment variable" onSubmit={add}>
        <input aria-label="Variable name" className="mono" placeholder="NAME" value={name} onChange={(e) => setName(e.target.value)} />
        <input
          aria-label="Variable value"
          className="mono"
          placeholder="value"
          type={secret ? 'password' : 'text'}
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <label className="row">
          <input type="checkbox" checked={secret} onChange={(e) => setSecret(e.target.checked)} /> Secret
        </label>
        <button type="submit" className="primary" disabled={busy || !name.trim()}>
          Set variable
        </button>
      </form>
      {error && <ErrorNote error={error} />}
    </div>
  );
}
