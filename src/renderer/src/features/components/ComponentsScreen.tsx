import { Route, Switch } from 'wouter';
import { ComponentDetail } from './ComponentDetail';
import { ComponentList } from './ComponentList';
import { NewComponent } from './NewComponent';
import './components.css';

/** The Components section (routes under #/components): the list, a new component, one component. */
export function ComponentsScreen() {
  return (
    <Switch>
      <Route path="/">
        <ComponentList />
      </Route>
      <Route path="/new">
        <NewComponent />
      </Route>
      <Route path="/:id">{(p) => <ComponentDetail id={p.id} />}</Route>
    </Switch>
  );
}
