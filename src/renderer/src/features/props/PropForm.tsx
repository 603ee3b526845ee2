import { useEffect, useId, useRef, useState } from 'react';
import type { ConfigurableProp } from '../../../../shared/resources';
import { messageOf } from '../../api/client';
import { PropField } from './PropField';
import { formStateFrom, initialField, needsInitialReload, optionKey, reloadKeyChanged, toConfigured, visibleProps, type FieldState, type FormResult, type FormState } from './prop-form-model';
import { reloadProps } from './props-api';
import './props.css';

export interface PropFormProps {
  /** The component whose `configurable_props` the form edits (its id or key loads async options). Another id or other props start the form over. */
  component: { id: string; configurable_props: ConfigurableProp[] };
  /** `configured_props` being edited. */
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  /** A message per prop name (e.g. from a 400 naming the prop). */
  errors?: Record<string, string>;
  /** Workflow steps: values may be `{{steps…}}` expressions. */
  allowExpressions?: boolean;
  /** Called with the merged props after `additionalProps()` ran for a `reloadProps` prop's new value. */
  onPropsChange?(props: ConfigurableProp[]): void;
  /** Called on every edit with the input errors (bad JSON, out of range) and the required props left empty. */
  onValidity?(v: Pick<FormResult, 'errors' | 'missing'>): void;
}

/**
 * A form generated from `configurable_props`, one input per prop type (spec 2.9). It keeps the
 * raw input (half-typed JSON, an empty integer) and reports `configured_props` on each change;
 * the conversion lives in prop-form-model.ts.
 */
export function PropForm({ component, value, onChange, errors, allowExpressions, onPropsChange, onValidity }: PropFormProps) {
  const uid = useId();
  const [props, setProps] = useState(component.configurable_props);
  const [state, setState] = useState<FormState>(() => formStateFrom(component.configurable_props, value));
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<{ prop: string; message: string } | null>(null);
  const emitted = useRef(value);
  // Props edited since the caller's `errors` came: their error is about a value that is gone.
  const [edited, setEdited] = useState<{ errors: typeof errors; names: Set<string> }>({ errors, names: new Set() });
  const stale = edited.errors === errors ? edited.names : new Set<string>();
  const seq = useRef(0);
  const cbs = useRef({ onChange, onPropsChange, onValidity });
  cbs.current = { onChange, onPropsChange, onValidity };

  const emit = (r: FormResult) => {
    emitted.current = r.value;
    cbs.current.onChange(r.value);
    cbs.current.onValidity?.({ errors: r.errors, missing: r.missing });
  };

  const reload = async (configured: Record<string, unknown>, current: ConfigurableProp[], nextState: FormState) => {
    const my = ++seq.current;
    setReloading(true);
    setReloadError(null);
    try {
      const merged = await reloadProps(component.id, configured);
      if (my !== seq.current) return;
      const filled = { ...nextState };
      for (const p of visibleProps(merged)) if (!filled[p.name]) filled[p.name] = initialField(p, configured[p.name]);
      setProps(merged);
      setState(filled);
      cbs.current.onPropsChange?.(merged);
      emit(toConfigured(merged, filled));
    } catch (err) {
      if (my !== seq.current) return;
      const prop = current.find((p) => p.reloadProps)?.name ?? '';
      setReloadError({ prop, message: messageOf(err) });
    } finally {
      if (my === seq.current) setReloading(false);
    }
  };

  // Another component (or other props): start over, and ask for its additional props when values
  // call for them. Compared by content, so a caller that rebuilds the same props each render is fine.
  const propsKey = JSON.stringify(component.configurable_props);
  useEffect(() => {
    emitted.current = value;
    const fresh = formStateFrom(component.configurable_props, value);
    setProps(component.configurable_props);
    setState(fresh);
    setReloadError(null);
    seq.current++;
    const r = toConfigured(component.configurable_props, fresh);
    cbs.current.onValidity?.({ errors: r.errors, missing: r.missing });
    if (needsInitialReload(component.configurable_props, value)) void reload(value, component.configurable_props, fresh);
  }, [component.id, propsKey]);

  // A value set from outside (not one this form reported): show it.
  useEffect(() => {
    if (optionKey(value) === optionKey(emitted.current)) return;
    emitted.current = value;
    setState(formStateFrom(props, value));
  }, [value]);

  const update = (name: string, f: FieldState) => {
    setEdited({ errors, names: new Set([...stale, name]) });
    const next = { ...state, [name]: f };
    const before = emitted.current;
    setState(next);
    const r = toConfigured(props, next);
    emit(r);
    if (reloadKeyChanged(props, before, r.value) && !r.errors[name]) void reload(r.value, props, next);
  };

  const local = toConfigured(props, state).errors;
  const shown = visibleProps(props);
  if (shown.length === 0) return <p className="muted">This component has no props to configure.</p>;
  return (
    <div className="form prop-form" aria-busy={reloading}>
      {shown.map((p) => (
        <PropField
          key={p.name}
          prop={p}
          field={state[p.name] ?? initialField(p, undefined)}
          onChange={(f) => update(p.name, f)}
          id={`${uid}-${p.name}`}
          componentId={component.id}
          configured={emitted.current}
          current={value[p.name]}
          error={(stale.has(p.name) ? undefined : errors?.[p.name]) ?? local[p.name] ?? (reloadError?.prop === p.name ? reloadError.message : undefined)}
          allowExpressions={allowExpressions}
          note={p.reloadProps && reloading ? 'Loading the props this choice adds…' : null}
        />
      ))}
    </div>
  );
}
