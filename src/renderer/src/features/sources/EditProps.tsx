import { useEffect, useState } from 'react';
import type { DeployedSource, SavedComponent } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import { ErrorNote } from '../../ui/ErrorNote';
import { PropForm } from '../props/PropForm';
import type { FormResult } from '../props/prop-form-model';
import { FormButtons } from '../../ui/FormButtons';

/** Edits a deployed source's props in place (`PUT /v1/sources/{id}`): same id, db and endpoint. */
export function EditProps({ source, onDone }: { source: DeployedSource; onDone(): void }) {
  const loadComponent = useStore((s) => s.loadComponent);
  const updateSource = useStore((s) => s.updateSource);
  const op = useStore((s) => s.sourceOps[source.id]);
  const [component, setComponent] = useState<SavedComponent | null | undefined>(undefined);
  const [value, setValue] = useState<Record<string, unknown>>(source.configured_props);
  const [validity, setValidity] = useState<Pick<FormResult, 'errors' | 'missing'>>({ errors: {}, missing: [] });

  useEffect(() => {
    void loadComponent(source.component_id).then(setComponent);
  }, [source.component_id, loadComponent]);

  if (component === undefined) return <p className="progress">Reading the component…</p>;
  if (component === null) return <ErrorNote error={`The component ${source.component_id} could not be read.`} />;
  const blocked = Object.keys(validity.errors).length > 0;
  return (
    <form
      className="edit-props"
      aria-label="Edit props"
      onSubmit={async (e) => {
        e.preventDefault();
        if (blocked) return;
        if (await updateSource(source.id, { configured_props: value }, 'Saving props')) onDone();
      }}
    >
      <h3>Edit props</h3>
      <PropForm component={component} value={value} onChange={setValue} onValidity={setValidity} errors={op?.propErrors} />
      <FormButtons className="row form-actions" submit="Save props" disabled={blocked || !!op?.busy} onCancel={onDone} />
    </form>
  );
}
