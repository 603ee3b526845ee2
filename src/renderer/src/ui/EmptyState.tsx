import type { ReactNode } from 'react';

/** What an empty list says: what this is, and what to do next (a button or the exact command). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <strong>{title}</strong>
      {children && <div className="empty-state-body">{children}</div>}
    </div>
  );
}
