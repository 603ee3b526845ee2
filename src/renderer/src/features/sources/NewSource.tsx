import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { PropForm } from '../props/PropForm';
import { findChoice, sourceChoices } from './source-model';
import { queryParam } from './use-query-param';

/** `#/sources/new?component=<id|key>`: pick a source component, configure it, deploy. */
export function NewSource() {
  const components = useStore((s) => s.components);
  const registry = useStore((s) => s.registry);
  const listsLoaded = useStore((s) => !!s.loaded.components && !!s.loaded.registry);
  const draft = useStore((s) => s.draft);
  const deploy = useStore((s) => s.deploy);
  const activity = useStore((s) => s.activity);
  const defaultTimeout = useStore((s) => s.settings?.default_timeout_seconds);
  const { startDraft, editDraft, deploySource } = useStore.getState();
  const [location, navigate] = useLocation();
  const choices = useMemo(() => sourceChoices(components, registry), [components, registry]);
  const chosen = choices.find((c) => c.id === draft.componentId);
  const wanted = queryParam('component');

  // The component named in the link, once the lists are read.
  useEffect(() => {
    const c = findChoice(choices, wanted);
    if (c && c.id !== useStore.getState().draft.componentId) startDraft(c.id, c.configurable_props);
  }, [wanted, choices, location, startDraft]);

  const component = useMemo(() => (chosen ? { id: chosen.id, configurable_props: chosen.configurable_props } : null), [chosen]);
  const progress = deploy.busy ? activity.filter((a) => a.ts >= deploy.since - 1000) : [];

  return (
    <Page title="New source" actions={<Link href="/">Cancel</Link>}>
      <form
        className="pad new-source"
        aria-label="New source"
        onSubmit={async (e) => {
          e.preventDefault();
          const created = await deploySource();
          if (created) navigate(`/${created.id}`);
        }}
      >
        <div className="form">
          <div className="field">
            <label htmlFor="new-source-component">Component</label>
            <select
              id="new-source-component"
              value={draft.componentId ?? ''}
              onChange={(e) => {
                const c = choices.find((x) => x.id === e.target.value);
                startDraft(c?.id ?? null, c?.configurable_props ?? []);
              }}
            >
              <option value="">{listsLoaded ? `— choose one of ${choices.length} source components —` : 'Loading components…'}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} {c.key ? `(${c.key}@${c.version})` : `v${c.version}`} {c.origin === 'registry' ? '· registry' : ''}
                </option>
              ))}
            </select>
            {wanted && listsLoaded && !findChoice(choices, wanted) && <span className="field-error">No source component {wanted}: it may be an action, or it was deleted.</span>}
          </div>
          {listsLoaded && choices.length === 0 && (
            <EmptyState title="No source components yet">
              Write and save one in <a href="#/components">Components</a> (or <code>POST /v1/components</code>), then pick it here.
            </EmptyState>
          )}
          <div className="row">
            <div className="field grow">
              <label htmlFor="new-source-name">Name</label>
              <input id="new-source-name" value={draft.name} placeholder={chosen?.name ?? 'the component’s name'} onChange={(e) => editDraft({ name: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor="new-source-timeout">Timeout (seconds)</label>
              <input id="new-source-timeout" type="number" min={1} max={3600} value={draft.timeout} placeholder={String(defaultTimeout ?? 300)} onChange={(e) => editDraft({ timeout: e.target.value })} />
            </div>
          </div>
        </div>
        {component && (
          <>
            <h2>Props</h2>
            <PropForm
              key={component.id}
              component={component}
              value={draft.configured}
              onChange={(configured) => editDraft({ configured })}
              onPropsChange={(props) => editDraft({ props })}
              onValidity={(validity) => editDraft({ validity })}
              errors={deploy.propErrors}
            />
          </>
        )}
        <ErrorNote error={deploy.error} />
        <div className="row form-actions">
          <button type="submit" className="primary" disabled={!component || deploy.busy}>
            {deploy.busy ? 'Deploying…' : 'Deploy'}
          </button>
          {deploy.busy && (
            <span className="progress" role="status">
              {progress.length ? progress[progress.length - 1].line : 'running deploy() and activate()'}
            </span>
          )}
        </div>
      </form>
    </Page>
  );
}
