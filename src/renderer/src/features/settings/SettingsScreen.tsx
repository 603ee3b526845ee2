import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { SettingsForm } from './SettingsForm';
import { EnvVarsPanel } from './EnvVarsPanel';
import { KeyRotation, PackagesPanel, SystemFacts } from './SystemPanels';
import './settings.css';

/** The Settings section (#/settings): system facts, service settings, environment variables, the API key, packages. */
export function SettingsScreen() {
  const system = useStore((s) => s.system);
  const settings = useStore((s) => s.settings);
  const errors = useStore((s) => s.loadErrors);
  return (
    <Page title="Settings">
      <div className="settings-page">
        <section className="settings-card" aria-labelledby="h-system">
          <h2 id="h-system">System</h2>
          <ErrorNote error={errors['api-key']} />
          {system ? <SystemFacts system={system} /> : <p className="muted">Reading…</p>}
        </section>
        <section className="settings-card" aria-labelledby="h-settings">
          <h2 id="h-settings">Limits and defaults</h2>
          <ErrorNote error={errors.settings} />
          {settings ? <SettingsForm key={JSON.stringify(settings)} settings={settings} /> : <p className="muted">Reading…</p>}
        </section>
        <section className="settings-card" aria-labelledby="h-env">
          <h2 id="h-env">Environment variables</h2>
          <EnvVarsPanel />
        </section>
        <section className="settings-card" aria-labelledby="h-key">
          <h2 id="h-key">API key</h2>
          <KeyRotation system={system} />
        </section>
        <section className="settings-card" aria-labelledby="h-packages">
          <h2 id="h-packages">Packages</h2>
          <PackagesPanel />
        </section>
      </div>
    </Page>
  );
}
