/** A group of toggle chips of which one is chosen (filters on top of a list). */
export function Chips<V extends string>({
  label,
  options,
  value,
  onChange,
  className = 'row',
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (v: V) => void;
  className?: string;
}) {
  return (
    <span role="group" aria-label={label} className={className}>
      {options.map((o) => (
        <button key={o.value} type="button" className="chip" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </span>
  );
}
