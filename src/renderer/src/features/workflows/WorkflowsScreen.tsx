import { Route, Switch } from 'wouter';
import { RunDetail } from './RunDetail';
import { WorkflowBuilder } from './WorkflowBuilder';
import { WorkflowDetail } from './WorkflowDetail';
import { WorkflowList } from './WorkflowList';
import './workflows.css';

/** The Workflows section (routes under #/workflows): list, builder, detail with runs and $errors, run detail. */
export function WorkflowsScreen() {
  return (
    <Switch>
      <Route path="/">
        <WorkflowList />
      </Route>
      <Route path="/new">
        <WorkflowBuilder />
      </Route>
      <Route path="/:id/edit">{(p) => <WorkflowBuilder id={p.id} />}</Route>
      <Route path="/:id/runs/:runId">{(p) => <RunDetail workflowId={p.id} runId={p.runId} />}</Route>
      <Route path="/:id/errors">{(p) => <WorkflowDetail id={p.id} tab="errors" />}</Route>
      <Route path="/:id">{(p) => <WorkflowDetail id={p.id} tab="runs" />}</Route>
    </Switch>
  );
}
