import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { Account } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ErrorNote } from '../../ui/ErrorNote';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { rowsOf, type AuthRow } from './accounts-slice';
import { AuthRows } from './AuthRows';
import { FormButtons } from '../../ui/FormButtons';

/** A new connected account: app slug, name, credentials. */
export function NewAccount() {
  const create = useStore((s) => s.createAccount);
  const error = useStore((s) => s.accountErrors.create);
  const clear = useStore((s) => s.clearAccountError);
  const [, navigate] = useLocation();
  const [app, setApp] = useState('');
  const [name, setName] = useState('');
  const [rows, setRows] = useState<AuthRow[]>([{ key: '', value: '', stored: false }]);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const account = await create({ app, name, rows });
    setBusy(false);
    if (account) navigate(`/${account.id}`);
  };
  return (
    <form className="form" aria-label="New account" onSubmit={submit}>
      <h2>Connect an account</h2>
      <div className="field">
        <label htmlFor="acc-app">App</label>
        <input id="acc-app" className="mono" placeholder="github" value={app} onChange={(e) => setApp(e.target.value)} />
        <span className="hint">The app name slug a component's app prop names (<code>{'{ type: "app", app: "github" }'}</code>).</span>
      </div>
      <div className="field">
        <label htmlFor="acc-name">Name</label>
        <input id="acc-name" placeholder="Work" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <AuthRows rows={rows} onChange={setRows} />
      <ErrorNote error={error} onDismiss={() => clear('create')} />
      <FormButtons submit="Create account" disabled={busy || !app.trim()} onCancel={() => navigate('/')} />
    </form>
  );
}

/** One account: its facts, the edit form (masked values stay unless typed over), Delete. */
export function AccountDetail({ account }: { account: Account }) {
  // Another account starts a clean form; after a save the editor re-masks its own rows.
  return <AccountEditor key={account.id} account={account} />;
}

function AccountEditor({ account }: { account: Account }) {
  const update = useStore((s) => s.updateAccount);
  const remove = useStore((s) => s.deleteAccount);
  const error = useStore((s) => s.accountErrors[account.id]);
  const clear = useStore((s) => s.clearAccountError);
  const [, navigate] = useLocation();
  const [name, setName] = useState(account.name);
  const [rows, setRows] = useState<AuthRow[]>(() => rowsOf(account));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    const updated = await update(account, { name, rows });
    setBusy(false);
    if (updated) {
      // What was typed is stored now: show it masked again, like every stored value.
      setRows(rowsOf(updated));
      setSaved(true);
    }
  };
  return (
    <section aria-label={`Account ${account.name}`}>
      <h2>
        {account.app} · {account.name}
      </h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <ShortId id={account.id} copy />
        </dd>
        <dt>Use it as</dt>
        <dd>
          <code>{`"${account.app}": {"account_id": "${account.id}"}`}</code>
        </dd>
        <dt>Updated</dt>
        <dd>
          <RelativeTime ms={account.updated_at * 1000} />
        </dd>
      </dl>
      <form className="form" aria-label="Edit account" onSubmit={submit}>
        <div className="field">
          <label htmlFor="acc-edit-name">Name</label>
          <input id="acc-edit-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <AuthRows rows={rows} onChange={setRows} />
        <p className="hint muted">Stored values are never shown; leave a value empty to keep it. Only what you type is sent.</p>
        <ErrorNote error={error} onDismiss={() => clear(account.id)} />
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Save
          </button>
          {saved && <span role="status">Saved</span>}
          <span className="acc-spacer" />
          <ConfirmButton
            label="Delete account"
            question={`Delete ${account.name}? Its credentials are lost for good.`}
            onConfirm={async () => {
              setSaved(false);
              if (await remove(account.id)) navigate('/');
            }}
          />
        </div>
      </form>
    </section>
  );
}
