import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Sources section (routes under #/sources). */
export function SourcesScreen() {
  return (
    <Page title="Sources">
      <EmptyState title="Sources" />
    </Page>
  );
}
