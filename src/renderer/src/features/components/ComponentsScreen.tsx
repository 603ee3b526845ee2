import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Components section (routes under #/components). */
export function ComponentsScreen() {
  return (
    <Page title="Components">
      <EmptyState title="Components" />
    </Page>
  );
}
