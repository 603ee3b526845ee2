import { useEffect } from 'react';

/**
 * `j`/`k` move through rows, `Enter` opens, `r` re-runs, unless the user is typing.
 * `ids` are the rows in display order; `selected` the current one.
 */
export function useRowKeys(ids: string[], selected: string | undefined, on: { select(id: string): void; open?(id: string): void; rerun?(id: string): void }) {
  useEffect(() => {
    const handler = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.metaKey || e.ctrlKey || e.altKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable || t.closest('.cm-editor, .xterm')))) return;
      const i = selected ? ids.indexOf(selected) : -1;
      if (e.key === 'j' && ids.length) on.select(ids[Math.min(ids.length - 1, i + 1)]);
      else if (e.key === 'k' && ids.length) on.select(ids[Math.max(0, i - 1)]);
      else if (e.key === 'Enter' && selected) on.open?.(selected);
      else if (e.key === 'r' && selected) on.rerun?.(selected);
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [ids, selected, on]);
}
