/** A group of checkboxes: the chosen keys of a multiple-choice prop. */
export function Checkboxes({ id, options, selected, onSelect }: { id: string; options: { key: string; label: string }[]; selected: string[]; onSelect(keys: string[]): void }) {
  return (
    <div id={id} className="prop-checks" role="group">
      {options.map((o) => (
        <label key={o.key} className="row">
          <input type="checkbox" checked={selected.includes(o.key)} onChange={(e) => onSelect(e.target.checked ? [...selected, o.key] : selected.filter((k) => k !== o.key))} /> {o.label}
        </label>
      ))}
    </div>
  );
}
