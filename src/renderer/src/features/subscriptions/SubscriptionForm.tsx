import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { ERRORS_CHANNEL, emitterOptions } from './wiring-graph';

type ChannelKind = 'default' | 'errors' | 'named';

/** Emitter, channel and listener workflow → POST /v1/subscriptions; the new edge is then selected. */
export function SubscriptionForm() {
  const sources = useStore((s) => s.sources);
  const workflows = useStore((s) => s.workflows);
  const error = useStore((s) => s.wiringErrors.create);
  const subscribe = useStore((s) => s.subscribe);
  const clear = useStore((s) => s.clearWiringError);
  const [, navigate] = useLocation();
  const [emitter, setEmitter] = useState('');
  const [kind, setKind] = useState<ChannelKind>('default');
  const [named, setNamed] = useState('');
  const [listener, setListener] = useState('');
  const [busy, setBusy] = useState(false);

  const channel = kind === 'default' ? '' : kind === 'errors' ? ERRORS_CHANNEL : named.trim();
  const ready = emitter && listener && (kind !== 'named' || channel);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const sub = await subscribe(emitter, listener, channel);
    setBusy(false);
    if (sub) navigate(`/${sub.id}`);
  };

  return (
    <form className="form wiring-form" aria-label="New subscription" onSubmit={submit}>
      <h2>New subscription</h2>
      <div className="field">
        <label htmlFor="sub-emitter">Emitter</label>
        <select id="sub-emitter" value={emitter} onChange={(e) => setEmitter(e.target.value)}>
          <option value="">Choose a source, workflow or glob…</option>
          {emitterOptions(sources, workflows).map((g) => (
            <optgroup key={g.group} label={g.group}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sub-channel">Channel</label>
        <div className="row">
          <select id="sub-channel" value={kind} onChange={(e) => setKind(e.target.value as ChannelKind)}>
            <option value="default">default</option>
            <option value="errors">$errors (a workflow's errors)</option>
            <option value="named">named channel…</option>
          </select>
          {kind === 'named' && <input className="mono" aria-label="Channel name" placeholder="channel name" value={named} onChange={(e) => setNamed(e.target.value)} />}
        </div>
      </div>
      <div className="field">
        <label htmlFor="sub-listener">Listener workflow</label>
        <select id="sub-listener" value={listener} onChange={(e) => setListener(e.target.value)}>
          <option value="">Choose a workflow…</option>
          {workflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({w.id})
            </option>
          ))}
        </select>
      </div>
      <ErrorNote error={error} onDismiss={() => clear('create')} />
      <div className="row">
        <button type="submit" className="primary" disabled={!ready || busy}>
          Subscribe
        </button>
      </div>
    </form>
  );
}

/** `$errors` forwarding one click away: "Forward errors of <workflow> to <listener>". */
export function ForwardErrors() {
  const workflows = useStore((s) => s.workflows);
  const error = useStore((s) => s.wiringErrors.forward);
  const forward = useStore((s) => s.forwardErrors);
  const clear = useStore((s) => s.clearWiringError);
  const [, navigate] = useLocation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const name = (id: string) => workflows.find((w) => w.id === id)?.name ?? id;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sub = await forward(from, to);
    if (sub) navigate(`/${sub.id}`);
  };
  return (
    <form className="form wiring-form" aria-label="Forward errors" onSubmit={submit}>
      <h2>Forward a workflow's errors</h2>
      <div className="row">
        <label htmlFor="fwd-from">Errors of</label>
        <select id="fwd-from" value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">workflow…</option>
          {workflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <label htmlFor="fwd-to">to</label>
        <select id="fwd-to" value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">workflow…</option>
          {workflows
            .filter((w) => w.id !== from)
            .map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
        </select>
      </div>
      <ErrorNote error={error} onDismiss={() => clear('forward')} />
      <div className="row">
        <button type="submit" disabled={!from || !to}>
          {from && to ? `Forward errors of ${name(from)} to ${name(to)}` : 'Forward errors'}
        </button>
      </div>
    </form>
  );
}
