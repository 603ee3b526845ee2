import { useState } from 'react';
import { CopyButton } from './CopyButton';

/** A collapsible JSON tree: objects and arrays open to `depth`, a copy button for the whole value. */
export function JsonTree({ value, depth = 2, copy = true }: { value: unknown; depth?: number; copy?: boolean }) {
  return (
    <div className="json-tree">
      {copy && (
        <div className="json-tree-tools">
          <CopyButton text={JSON.stringify(value, null, 2) ?? 'undefined'} label="Copy JSON" />
        </div>
      )}
      <Node value={value} depth={depth} />
    </div>
  );
}

function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const [open, setOpen] = useState(depth > 0);
  const label = name !== undefined ? <span className="json-key">{name}: </span> : null;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-row">
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <div className="json-row">
      <button type="button" className="json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'}
      </button>
      {label}
      {openMark}
      {!open && <span className="muted"> {entries.length} {Array.isArray(value) ? 'items' : 'keys'} </span>}
      {open && (
        <div className="json-children">
          {entries.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth - 1} />
          ))}
        </div>
      )}
      {closeMark}
    </div>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>;
  if (value === undefined) return <span className="muted">undefined</span>;
  return <span className="json-null">null</span>;
}
