import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Subscriptions section (routes under #/subscriptions). */
export function SubscriptionsScreen() {
  return (
    <Page title="Subscriptions">
      <EmptyState title="Subscriptions" />
    </Page>
  );
}
