import type { ConfigurableProp } from '../../../../shared/resources';

export interface PropFormProps {
  /** The component whose `configurable_props` the form edits (its id or key loads async options). */
  component: { id: string; configurable_props: ConfigurableProp[] };
  /** `configured_props` being edited. */
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  /** A message per prop name (e.g. from a 400 naming the prop). */
  errors?: Record<string, string>;
  /** Workflow steps: values may be `{{steps…}}` expressions. */
  allowExpressions?: boolean;
}

/** A form generated from `configurable_props` (minimal version: one text field per prop). */
export function PropForm({ component, value, onChange, errors }: PropFormProps) {
  const props = component.configurable_props.filter((p) => !p.type.startsWith('$.') || p.type === '$.interface.timer');
  return (
    <div className="form">
      {props.map((p) => (
        <div key={p.name} className={`field${errors?.[p.name] ? ' invalid' : ''}`}>
          <label htmlFor={`prop-${p.name}`}>{p.label ?? p.name}</label>
          <input
            id={`prop-${p.name}`}
            value={typeof value[p.name] === 'string' ? (value[p.name] as string) : JSON.stringify(value[p.name] ?? '')}
            onChange={(e) => onChange({ ...value, [p.name]: e.target.value })}
          />
          {errors?.[p.name] && <span className="field-error">{errors[p.name]}</span>}
        </div>
      ))}
    </div>
  );
}
