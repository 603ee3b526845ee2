import { useMemo, useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import type { OutboxMessage } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { FilterBar } from '../../ui/FilterBar';
import { Page, Split } from '../../ui/Page';
import { RelativeTime } from '../../ui/RelativeTime';
import { absoluteTime } from '../../ui/format';
import { useRowKeys } from '../../ui/use-row-keys';
import { visibleMessages, workflowName } from './outbox-view';
import './outbox.css';

/** The Outbox section: `#/outbox` and `#/outbox/<message id>`. Live: `change` frames re-read it. */
export function OutboxScreen() {
  return (
    <Page title="Outbox">
      <Switch>
        <Route path="/:id">
          <Outbox />
        </Route>
        <Route>
          <Outbox />
        </Route>
      </Switch>
    </Page>
  );
}

function Outbox() {
  const { id } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const messages = useStore((s) => s.outbox);
  const workflows = useStore((s) => s.workflows);
  const loaded = useStore((s) => s.loaded.outbox);
  const loadError = useStore((s) => s.loadErrors.outbox);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => visibleMessages(messages, filter, workflows), [messages, filter, workflows]);
  const ids = useMemo(() => shown.map((m) => m.id), [shown]);
  const keys = useMemo(() => ({ select: (x: string) => navigate(`/${x}`) }), [navigate]);
  useRowKeys(ids, id, keys);
  const selected = messages.find((m) => m.id === id);

  const list = (
    <>
      <FilterBar value={filter} onChange={setFilter} placeholder="Filter messages" />
      <ErrorNote error={loadError} />
      {loaded && messages.length === 0 ? (
        <EmptyState title="The outbox is empty">
          Messages a workflow step sends with <code>{'$.send.email({ subject, text })'}</code> land here, as does a notice for every workflow error. Nothing leaves this machine.
        </EmptyState>
      ) : (
        <table className="rows" aria-label="Messages">
          <thead>
            <tr>
              <th>Time</th>
              <th>Subject</th>
              <th>To</th>
              <th>Workflow</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => (
              <tr key={m.id} aria-selected={m.id === id} onClick={() => navigate(`/${m.id}`)}>
                <td>
                  <RelativeTime ms={m.ts} />
                </td>
                <td className="outbox-subject">{m.subject}</td>
                <td>{m.to}</td>
                <td>{m.workflow_id ? <Link href={`~/workflows/${m.workflow_id}`} onClick={(e) => e.stopPropagation()}>{workflowName(m.workflow_id, workflows)}</Link> : <span className="muted">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
  const detail = selected ? <Message m={selected} /> : id && loaded ? <ErrorNote error={`No message ${id} in the outbox (it keeps the last 1,000).`} /> : <p className="muted">Select a message to read it.</p>;
  return <Split list={list} detail={detail} />;
}

function Message({ m }: { m: OutboxMessage }) {
  const workflows = useStore((s) => s.workflows);
  return (
    <article aria-label="Message">
      <h2>{m.subject}</h2>
      <dl className="facts">
        <dt>To</dt>
        <dd>{m.to}</dd>
        <dt>Sent</dt>
        <dd>
          <RelativeTime ms={m.ts} /> <span className="muted">{absoluteTime(m.ts)}</span>
        </dd>
        {m.workflow_id && (
          <>
            <dt>Workflow</dt>
            <dd>
              <Link href={`~/workflows/${m.workflow_id}`}>{workflowName(m.workflow_id, workflows)}</Link>
            </dd>
          </>
        )}
        <dt>Id</dt>
        <dd>
          <code>{m.id}</code>
        </dd>
      </dl>
      {m.text !== undefined && (
        <section aria-label="Text">
          <h3>
            Text <CopyButton text={m.text} label="Copy text" />
          </h3>
          <pre className="outbox-body">{m.text}</pre>
        </section>
      )}
      {m.html !== undefined && (
        <section aria-label="HTML source">
          <h3>
            HTML <span className="muted">(source, not rendered)</span> <CopyButton text={m.html} label="Copy HTML" />
          </h3>
          <pre className="outbox-body">{m.html}</pre>
        </section>
      )}
      {m.text === undefined && m.html === undefined && <p className="muted">This message has no body.</p>}
    </article>
  );
}
