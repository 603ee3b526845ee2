import { Page } from '../../ui/Page';
import { EmptyState } from '../../ui/EmptyState';

/** The Settings section (routes under #/settings). */
export function SettingsScreen() {
  return (
    <Page title="Settings">
      <EmptyState title="Settings" />
    </Page>
  );
}
