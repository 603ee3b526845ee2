import { RunnelError } from '../../shared/errors';
import type { PageInfo } from '../../shared/resources';

/** Resource-list cursors are base64url of the record id, as on the hosted API. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, name: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[a-z]+_[A-Za-z0-9]+$/.test(id)) throw new RunnelError('bad_request', `${name} is not a valid cursor`);
  return id;
}

/** Pages a newest-first list by record id cursors. */
export function pageById<T extends { id: string }>(
  newestFirst: T[],
  q: { limit: number; before?: string; after?: string },
): { page: T[]; page_info: PageInfo } {
  let items = newestFirst;
  if (q.before) {
    const i = items.findIndex((x) => x.id === decodeCursor(q.before!, 'before'));
    items = i === -1 ? [] : items.slice(i + 1);
  }
  if (q.after) {
    const i = items.findIndex((x) => x.id === decodeCursor(q.after!, 'after'));
    items = i === -1 ? [] : items.slice(0, i);
    items = items.slice(Math.max(0, items.length - q.limit));
  }
  const page = items.slice(0, q.limit);
  return {
    page,
    page_info: {
      total_count: newestFirst.length,
      count: page.length,
      start_cursor: page.length ? encodeCursor(page[0].id) : null,
      end_cursor: page.length ? encodeCursor(page[page.length - 1].id) : null,
    },
  };
}
