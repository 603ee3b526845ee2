import { useMemo } from 'react';
import { Route, Switch, useLocation, useParams } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { ShortId } from '../../ui/ShortId';
import { useRowKeys } from '../../ui/use-row-keys';
import { EdgeDetail } from './EdgeDetail';
import { ForwardErrors, SubscriptionForm } from './SubscriptionForm';
import { WiringGraph } from './WiringGraph';
import { ERRORS_CHANNEL, channelLabel, layoutWiring } from './wiring-graph';
import './subscriptions.css';
import { CurlCommand } from '../../ui/CurlCommand';

/** The Subscriptions section: `#/subscriptions` and `#/subscriptions/<sub id>` (an edge selected). */
export function SubscriptionsScreen() {
  return (
    <Page title="Subscriptions">
      <Switch>
        <Route path="/:id">
          <Wiring />
        </Route>
        <Route>
          <Wiring />
        </Route>
      </Switch>
    </Page>
  );
}

function Wiring() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const subs = useStore((s) => s.subscriptions);
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const loaded = useStore((s) => s.loaded.subscriptions);
  const loadError = useStore((s) => s.loadErrors.subscriptions);
  const layout = useMemo(() => layoutWiring(subs, sources, workflows), [subs, sources, workflows]);
  const selected = subs.find((s) => s.id === id);
  const ids = useMemo(() => layout.edges.map((e) => e.sub.id), [layout]);
  const keys = useMemo(() => ({ select: (x: string) => navigate(`/${x}`) }), [navigate]);
  useRowKeys(ids, id, keys);

  return (
    <div className="wiring">
      <div className="wiring-main">
        <ErrorNote error={loadError} />
        {loaded && subs.length === 0 ? (
          <EmptyState title="No subscriptions yet">
            A subscription runs a workflow for each event another source or workflow emits. Pick an emitter, a channel and a listener workflow in <b>New subscription</b> on the right
            {workflows.length === 0 ? (
              <>
                {' '}
                (create a workflow first, under <b>Workflows</b>)
              </>
            ) : null}
            , or from a terminal: <CurlCommand method="POST" path="/v1/subscriptions?emitter_id=<dc_… or p_…>&listener_id=<p_…>&event_name=" />
          </EmptyState>
        ) : (
          <>
            <div className="wiring-graph-box">
              <WiringGraph layout={layout} selected={id} onSelect={(x) => navigate(`/${x}`)} />
            </div>
            <h2 className="pad-x">All subscriptions</h2>
            <table className="rows" aria-label="Subscriptions">
              <thead>
                <tr>
                  <th>Emitter</th>
                  <th>Channel</th>
                  <th>Listener</th>
                  <th>Id</th>
                </tr>
              </thead>
              <tbody>
                {layout.edges.map((e) => (
                  <tr key={e.sub.id} aria-selected={e.sub.id === id} onClick={() => navigate(`/${e.sub.id}`)}>
                    <td title={e.sub.emitter_id}>{e.from.name}</td>
                    <td>
                      <span className={`badge ${e.sub.event_name === ERRORS_CHANNEL ? 'badge-bad' : 'badge-muted'}`}>{channelLabel(e.sub.event_name)}</span>
                    </td>
                    <td title={e.sub.listener_id}>{e.to.name}</td>
                    <td>
                      <ShortId id={e.sub.id} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
      <aside className="wiring-side">
        {selected ? <EdgeDetail sub={selected} /> : id && loaded ? <ErrorNote error={`No subscription ${id} (it may have been deleted).`} /> : null}
        <SubscriptionForm />
        <ForwardErrors />
      </aside>
    </div>
  );
}
