import type { ReactNode } from 'react';

/** A section: a header with the title and actions, then the list and (optionally) the detail beside it. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="page" aria-label={title}>
      <header className="page-header">
        <h1>{title}</h1>
        <div className="page-actions">{actions}</div>
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}

/** List on the left, detail on the right. */
export function Split({ list, detail }: { list: ReactNode; detail: ReactNode }) {
  return (
    <div className="split">
      <div className="split-list">{list}</div>
      <div className="split-detail">{detail}</div>
    </div>
  );
}
