import { useMemo, useState } from 'react';
import { useStore } from '../../store/index';
import { CodeEditor } from '../../ui/CodeEditor';
import { CopyButton } from '../../ui/CopyButton';
import { RelativeTime } from '../../ui/RelativeTime';
import { PropForm } from '../props/PropForm';
import { expressionHints, stepProps, type DraftStep, type StepErrors } from './builder-model';
import { StepTest } from './StepTest';
import { useStepCompletions } from './use-step-completions';

/** One step of the builder: name, code or action, props (with expressions), order. */
export function StepCard({ step, index, steps, errors }: { step: DraftStep; index: number; steps: DraftStep[]; errors?: StepErrors }) {
  const update = useStore((s) => s.wfUpdateStep);
  const move = useStore((s) => s.wfMoveStep);
  const remove = useStore((s) => s.wfRemoveStep);
  const discardDraft = useStore((s) => s.wfDiscardStepDraft);
  const props = useMemo(() => stepProps(step), [step]);
  // Only a saved workflow's steps can be tested (a test saves the edits first).
  const workflowId = useStore((s) => s.wfEditingId);
  const [testing, setTesting] = useState(false);
  const hints = expressionHints(steps, index);
  const completions = useStepCompletions(index, steps);
  const n = index + 1;
  return (
    <li className={`wf-step${errors ? ' invalid' : ''}`}>
      <section aria-label={`Step ${n}`}>
        <header className="wf-step-head">
          <span className="wf-step-no">{n}</span>
          <div className={`field wf-step-name${errors?.name ? ' invalid' : ''}`}>
            <label htmlFor={`wf-step-name-${step.uid}`}>Step name</label>
            <input id={`wf-step-name-${step.uid}`} className="mono" value={step.name} onChange={(e) => update(step.uid, { name: e.target.value })} />
            {errors?.name && <span className="field-error">{errors.name}</span>}
          </div>
          <span className="muted wf-step-kind">{step.kind === 'code' ? (step.runtime ? 'inline Python' : 'inline code') : `action: ${step.action?.label ?? ''}${step.action?.key ? ` (${step.action.key})` : ''}`}</span>
          <div className="wf-step-tools">
            <button
              type="button"
              aria-expanded={testing}
              disabled={!workflowId}
              title={workflowId ? 'Run this step alone with a test event and the earlier steps’ last exports' : 'Save the workflow to test its steps'}
              onClick={() => setTesting(!testing)}
            >
              Test
            </button>
            <button type="button" aria-label="Move up" title="Move up" disabled={index === 0} onClick={() => move(step.uid, -1)}>
              ↑
            </button>
            <button type="button" aria-label="Move down" title="Move down" disabled={index === steps.length - 1} onClick={() => move(step.uid, 1)}>
              ↓
            </button>
            <button type="button" className="danger" onClick={() => remove(step.uid)}>
              Remove
            </button>
          </div>
        </header>
        {errors?.general && <div className="field-error" role="alert">{errors.general}</div>}
        {step.restored && (
          <div className="draft-note row" role="status" aria-label="Restored draft">
            <span>
              Restored your unsaved code of this step from <RelativeTime ms={step.restored.at} />; it is not saved yet.
            </span>
            <button type="button" onClick={() => discardDraft(step.uid)}>
              Discard draft
            </button>
          </div>
        )}
        {step.kind === 'code' && (
          <div className={`field${errors?.code ? ' invalid' : ''}`}>
            <CodeEditor label={`Code of step ${n}`} value={step.code} onChange={(code) => update(step.uid, { code })} errorLine={errors?.codeLine} errorMessage={errors?.code} minHeight={140} checkSyntax completions={step.runtime ? undefined : completions} />
            {errors?.code && <span className="field-error" role="alert">{errors.code}</span>}
          </div>
        )}
        {props.length > 0 ? (
          <div className="wf-props">
            <h4>Props</h4>
            <PropForm
              component={{ id: step.action?.componentId ?? step.action?.key ?? `inline-${step.uid}`, configurable_props: props }}
              value={step.configured}
              onChange={(configured) => update(step.uid, { configured })}
              errors={errors?.props}
              allowExpressions
            />
          </div>
        ) : (
          step.kind === 'code' && <p className="hint">Declare props in the code (e.g. <code>props: {'{ n: { type: "integer" } }'}</code>) to set them here, with expressions.</p>
        )}
        <p className="hint wf-hints">
          Expressions available here:{' '}
          {hints.map((h) => (
            <span key={h} className="wf-expr">
              <code>{h}</code>
              <CopyButton text={h} label={`Copy ${h}`} />
            </span>
          ))}
        </p>
        {testing && workflowId && <StepTest workflowId={workflowId} name={step.name} earlier={steps.slice(0, index).map((s) => s.name)} />}
      </section>
    </li>
  );
}
