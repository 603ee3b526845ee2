import { Activity, Boxes, Database, FileInput, KeyRound, Radio, ScrollText, Search, Send, Settings, Share2, Workflow, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { navigate, useHashLocation } from 'wouter/use-hash-location';
import { AccountsScreen } from './features/accounts/AccountsScreen';
import { ComponentsScreen } from './features/components/ComponentsScreen';
import { DataStoresScreen } from './features/data-stores/DataStoresScreen';
import { EventsScreen } from './features/events/EventsScreen';
import { ImportScreen } from './features/import/ImportScreen';
import { LogsScreen } from './features/logs/LogsScreen';
import { SearchScreen } from './features/search/SearchScreen';
import { OutboxScreen } from './features/outbox/OutboxScreen';
import { SettingsScreen } from './features/settings/SettingsScreen';
import { SourcesScreen } from './features/sources/SourcesScreen';
import { SubscriptionsScreen } from './features/subscriptions/SubscriptionsScreen';
import { WorkflowsScreen } from './features/workflows/WorkflowsScreen';
import { startFeed } from './store/feed-dispatch';
import { useStore } from './store/index';
import { StatusBadge } from './ui/StatusBadge';

/** The sections, in sidebar order; each owns the URLs under its path. */
const SECTIONS: { path: string; label: string; Icon: LucideIcon; Screen: () => ReactNode }[] = [
  { path: '/components', label: 'Components', Icon: Boxes, Screen: ComponentsScreen },
  { path: '/sources', label: 'Sources', Icon: Radio, Screen: SourcesScreen },
  { path: '/workflows', label: 'Workflows', Icon: Workflow, Screen: WorkflowsScreen },
  { path: '/import', label: 'Import', Icon: FileInput, Screen: ImportScreen },
  { path: '/events', label: 'Events', Icon: Activity, Screen: EventsScreen },
  { path: '/search', label: 'Search', Icon: Search, Screen: SearchScreen },
  { path: '/logs', label: 'Logs', Icon: ScrollText, Screen: LogsScreen },
  { path: '/subscriptions', label: 'Subscriptions', Icon: Share2, Screen: SubscriptionsScreen },
  { path: '/accounts', label: 'Accounts', Icon: KeyRound, Screen: AccountsScreen },
  { path: '/data-stores', label: 'Data stores', Icon: Database, Screen: DataStoresScreen },
  { path: '/outbox', label: 'Outbox', Icon: Send, Screen: OutboxScreen },
  { path: '/settings', label: 'Settings', Icon: Settings, Screen: SettingsScreen },
];

/** Routes match the hash's path only: `#/search?q=…` is /search (screens read their query with queryParam). */
function useHashPath(): [string, typeof navigate] {
  const [location, go] = useHashLocation();
  return [location.split('?')[0], go];
}
useHashPath.hrefs = (href: string) => `#${href}`;

/** The application shell: sidebar with the sections and the connection indicator, then the section. */
export function App() {
  useEffect(() => startFeed(useStore), []);
  const signedOut = useStore((s) => s.signedOut);
  if (signedOut) return <SignedOut />;
  return (
    <Router hook={useHashPath}>
      <div className="shell">
        <Sidebar />
        <main className="main">
          <Switch>
            {SECTIONS.map(({ path, Screen }) => (
              <Route key={path} path={path} nest>
                <Screen />
              </Route>
            ))}
            <Route path="/">
              <Redirect to="/sources" />
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </main>
      </div>
    </Router>
  );
}

function Sidebar() {
  const [location] = useLocation();
  const feed = useStore((s) => s.feed);
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="brand">Runnel</div>
      <ul>
        {SECTIONS.map(({ path, label, Icon }) => (
          <li key={path}>
            <Link href={path} className={location === path || location.startsWith(path + '/') ? 'active' : ''} aria-current={location.startsWith(path) ? 'page' : undefined}>
              <Icon size={15} strokeWidth={1.75} aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="connection" title="The service and its live stream">
        <span>Service</span> <StatusBadge status={feed} />
      </div>
    </nav>
  );
}

function SignedOut() {
  return (
    <div className="signed-out" role="alert">
      <h1>This page is not signed in</h1>
      <p>
        Run <code>runnel open</code> (or use the <code>Open …</code> link that <code>runnel serve</code> printed) to get a fresh sign-in link. Links work once; a
        session lasts 30 days, also across restarts of the service.
      </p>
    </div>
  );
}

function NotFound() {
  const [location] = useLocation();
  return (
    <section className="page">
      <h1>Nothing at {location}</h1>
      <p>
        <Link href="/sources">Go to Sources</Link>
      </p>
    </section>
  );
}
