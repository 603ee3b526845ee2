import { shortId } from './format';
import { CopyButton } from './CopyButton';

/** An id shortened in the middle; the whole id on hover and on copy. */
export function ShortId({ id, copy = false }: { id: string; copy?: boolean }) {
  return (
    <span className="short-id">
      <code title={id}>{shortId(id)}</code>
      {copy && <CopyButton text={id} label="Copy id" />}
    </span>
  );
}
