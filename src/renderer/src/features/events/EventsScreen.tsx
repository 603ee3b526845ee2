import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Events section (routes under #/events). */
export function EventsScreen() {
  return (
    <Page title="Events">
      <EmptyState title="Events" />
    </Page>
  );
}
