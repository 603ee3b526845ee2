import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Outbox section (routes under #/outbox). */
export function OutboxScreen() {
  return (
    <Page title="Outbox">
      <EmptyState title="Outbox" />
    </Page>
  );
}
