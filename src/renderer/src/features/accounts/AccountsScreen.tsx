import { useMemo } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page, Split } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { ShortId } from '../../ui/ShortId';
import { useRowKeys } from '../../ui/use-row-keys';
import { AccountDetail, NewAccount } from './AccountForms';
import './accounts.css';
import { CurlCommand } from '../../ui/CurlCommand';

/** The Accounts section: `#/accounts`, `#/accounts/new`, `#/accounts/<apn_…>`. */
export function AccountsScreen() {
  return (
    <Page
      title="Accounts"
      actions={
        <Link href="/new" className="acc-button-link">
          New account
        </Link>
      }
    >
      <Switch>
        <Route path="/new">
          <Split list={<AccountList />} detail={<NewAccount />} />
        </Route>
        <Route path="/:id">
          <Split list={<AccountList />} detail={<Selected />} />
        </Route>
        <Route>
          <Split list={<AccountList />} detail={<p className="muted">Select an account to edit it, or connect a new one.</p>} />
        </Route>
      </Switch>
    </Page>
  );
}

function Selected() {
  const { id } = useParams<{ id: string }>();
  const account = useStore((s) => s.accounts.find((a) => a.id === id));
  const loaded = useStore((s) => s.loaded.accounts);
  if (!account) return loaded ? <ErrorNote error={`No account ${id} (it may have been deleted).`} /> : null;
  return <AccountDetail account={account} />;
}

function AccountList() {
  const accounts = useStore((s) => s.accounts);
  const loaded = useStore((s) => s.loaded.accounts);
  const loadError = useStore((s) => s.loadErrors.accounts);
  const params = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  // By app, so an app's accounts (an import's slots among them) read together; newest first within one.
  const sorted = useMemo(() => [...accounts].sort((a, b) => a.app.localeCompare(b.app) || b.updated_at - a.updated_at), [accounts]);
  const ids = useMemo(() => sorted.map((a) => a.id), [sorted]);
  const keys = useMemo(() => ({ select: (x: string) => navigate(`/${x}`) }), [navigate]);
  useRowKeys(ids, params.id, keys);
  if (loadError) return <ErrorNote error={loadError} />;
  if (loaded && accounts.length === 0) {
    return (
      <EmptyState title="No connected accounts">
        Components with an app prop (<code>{'{ type: "app", app: "github" }'}</code>) read credentials from an account. Click <b>New account</b>, or{' '}
        from a terminal: <CurlCommand method="POST" path="/v1/accounts" body={{ app: 'github', auth: { oauth_access_token: '<token>' } }} />
      </EmptyState>
    );
  }
  return (
    <table className="rows" aria-label="Accounts">
      <thead>
        <tr>
          <th>App</th>
          <th>Name</th>
          <th>Id</th>
          <th>Updated</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((a) => (
          <tr key={a.id} aria-selected={a.id === params.id} onClick={() => navigate(`/${a.id}`)}>
            <td className="mono">{a.app}</td>
            <td className="acc-name">
              {/* First, so a long name is what the cell cuts short. */}
              {Object.keys(a.auth).length === 0 && <span className="badge badge-warn acc-needs">needs credentials</span>}
              {a.name}
            </td>
            <td>
              <ShortId id={a.id} />
            </td>
            <td>
              <RelativeTime ms={a.updated_at * 1000} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
