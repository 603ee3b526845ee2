import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Accounts section (routes under #/accounts). */
export function AccountsScreen() {
  return (
    <Page title="Accounts">
      <EmptyState title="Accounts" />
    </Page>
  );
}
