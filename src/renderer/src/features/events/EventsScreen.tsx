import { Route, Switch } from 'wouter';
import { EmitterEvents } from './EmitterEvents';
import { EmitterPicker } from './EmitterPicker';
import './events.css';

/** The Events section: `#/events` picks an emitter, `#/events/<emitter>` lists its events live, `#/events/<emitter>/<event id>` opens one. */
export function EventsScreen() {
  return (
    <Switch>
      <Route path="/">
        <EmitterPicker />
      </Route>
      <Route path="/:emitterId/:eventId?">{(p) => <EmitterEvents key={p.emitterId} emitterId={p.emitterId} eventId={p.eventId} />}</Route>
    </Switch>
  );
}
