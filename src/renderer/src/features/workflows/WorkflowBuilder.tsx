import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { Page } from '../../ui/Page';
import { SettingsPanel } from './SettingsPanel';
import { StepCard } from './StepCard';
import { TriggerFields } from './TriggerFields';
import { actionChoices } from './action-choices';

/** `#/workflows/new` and `#/workflows/:id/edit`: name, trigger, ordered steps, save. */
export function WorkflowBuilder({ id }: { id?: string }) {
  const [, go] = useLocation();
  const draft = useStore((s) => s.wfDraft);
  const errors = useStore((s) => s.wfErrors);
  const status = useStore((s) => s.wfBuilderStatus);
  const { wfNew, wfLoad, wfSetName, wfAddCodeStep, wfSave } = useStore.getState();

  useEffect(() => {
    if (id) void wfLoad(id);
    else wfNew();
  }, [id, wfLoad, wfNew]);

  const save = async () => {
    const wf = await wfSave();
    if (wf) go(`/${wf.id}`);
  };
  const cancel = () => go(id ? `/${id}` : '/');

  return (
    <Page
      title={id ? `Edit ${draft.name || 'workflow'}` : 'New workflow'}
      actions={
        <>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={status !== 'idle'} onClick={save}>
            {status === 'saving' ? 'Saving…' : 'Save workflow'}
          </button>
        </>
      }
    >
      <form
        className="pad wf-builder"
        aria-label="Workflow"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ErrorNote error={errors.top} />
        {status === 'loading' && <p className="progress">Reading the workflow and its steps' code…</p>}
        {status !== 'loading' && status !== 'load-failed' && (
          <>
            <div className="row wf-top-fields">
              <div className={`field wf-name${errors.name ? ' invalid' : ''}`}>
                <label htmlFor="wf-name">Name</label>
                <input id="wf-name" value={draft.name} placeholder="e.g. New order to Slack" onChange={(e) => wfSetName(e.target.value)} />
                {errors.name && <span className="field-error">{errors.name}</span>}
              </div>
            </div>
            <TriggerFields trigger={draft.trigger} error={errors.trigger} />
            <SettingsPanel draft={draft} errors={errors} />
            <h2>Steps</h2>
            {draft.steps.length === 0 && <p className="muted">No steps yet: add inline code or an action below. Steps run in order; each sees the trigger and earlier steps.</p>}
            <ol className="wf-steps">
              {draft.steps.map((s, i) => (
                <StepCard key={s.uid} step={s} index={i} steps={draft.steps} errors={errors.steps[s.uid]} />
              ))}
            </ol>
            <div className="row wf-add">
              <button type="button" onClick={wfAddCodeStep}>
                Add code step
              </button>
              <AddAction />
            </div>
            {/* Lets Enter in a text field save, like the Save button. */}
            <button type="submit" hidden />
          </>
        )}
      </form>
    </Page>
  );
}

/** Picks an action for a new step: registry actions and saved action components. */
function AddAction() {
  const registry = useStore((s) => s.registry);
  const components = useStore((s) => s.components);
  const add = useStore((s) => s.wfAddActionStep);
  const choices = useMemo(() => actionChoices(registry, components), [registry, components]);
  const pick = (v: string) => {
    const [kind, ref] = [v.slice(0, 2), v.slice(2)];
    const found = kind === 'r:' ? choices.reg.find((c) => c.key === ref) : choices.saved.find((c) => c.componentId === ref);
    if (found) add(found);
  };
  return (
    <select aria-label="Add an action step" value="" onChange={(e) => pick(e.target.value)}>
      <option value="">Add an action step…</option>
      {choices.reg.length > 0 && (
        <optgroup label="Registry">
          {choices.reg.map((c) => (
            <option key={c.key} value={`r:${c.key}`}>
              {c.label}
            </option>
          ))}
        </optgroup>
      )}
      {choices.saved.length > 0 && (
        <optgroup label="Saved components">
          {choices.saved.map((c) => (
            <option key={c.componentId} value={`c:${c.componentId}`}>
              {c.label}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
