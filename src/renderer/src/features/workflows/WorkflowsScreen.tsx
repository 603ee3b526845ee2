import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Workflows section (routes under #/workflows). */
export function WorkflowsScreen() {
  return (
    <Page title="Workflows">
      <EmptyState title="Workflows" />
    </Page>
  );
}
