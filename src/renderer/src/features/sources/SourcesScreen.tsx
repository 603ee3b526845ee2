import { Link, Route, Switch } from 'wouter';
import { EmptyState } from '../../ui/EmptyState';
import { Page, Split } from '../../ui/Page';
import { NewSource } from './NewSource';
import { SourceDetail } from './SourceDetail';
import { SourceList } from './SourceList';
import './sources.css';

/** The Sources section: `#/sources` (list), `#/sources/:id` (list + detail), `#/sources/new?component=…`. */
export function SourcesScreen() {
  const newButton = (
    <Link href="/new" className="button-link primary">
      New source
    </Link>
  );
  return (
    <Switch>
      <Route path="/new">
        <NewSource />
      </Route>
      <Route path="/:id">
        {(params) => (
          <Page title="Sources" actions={newButton}>
            <Split list={<SourceList selected={params.id} />} detail={<SourceDetail id={params.id} />} />
          </Page>
        )}
      </Route>
      <Route>
        <Page title="Sources" actions={newButton}>
          <Split
            list={<SourceList />}
            detail={
              <EmptyState title="No source selected">
                Pick a source on the left (<kbd>j</kbd>/<kbd>k</kbd>, <kbd>Enter</kbd>) to see its events, logs and props.
              </EmptyState>
            }
          />
        </Page>
      </Route>
    </Switch>
  );
}
