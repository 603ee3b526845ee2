import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Logs section (routes under #/logs). */
export function LogsScreen() {
  return (
    <Page title="Logs">
      <EmptyState title="Logs" />
    </Page>
  );
}
