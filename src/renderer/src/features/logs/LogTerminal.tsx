import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Terminal, type ITheme } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState } from 'react';
import type { LogLine } from '../../../../shared/resources';
import { logBus } from '../../api/log-bus';
import { extendsLines, formatLine, lineKey, type TermLine } from './log-format';
import './logs.css';

export interface LogTerminalProps {
  /** Lines to show first (e.g. GET /v1/sources/{id}/logs, or a run step's logs). Appending lines writes only the new ones. */
  initial: LogLine[];
  /** Follow this source's live lines from the log bus. */
  followSourceId?: string;
  /** Accessible name. */
  label?: string;
  /** Fill the container's height (the Logs screen) instead of a fixed panel height. */
  fill?: boolean;
}

const LIGHT: ITheme = {
  background: '#ffffff',
  foreground: '#1d2128',
  cursor: '#ffffff',
  selectionBackground: '#b6cdfc',
  red: '#c62828',
  yellow: '#8a5a00',
  cyan: '#00728a',
  brightBlack: '#5b6473',
};
const DARK: ITheme = {
  background: '#16181d',
  foreground: '#e4e7ec',
  cursor: '#16181d',
  selectionBackground: '#3a4d78',
  red: '#ff6b6b',
  yellow: '#f0c040',
  cyan: '#5fd3e8',
};

/**
 * An xterm.js log panel (DOM renderer, so its text can be selected and read): lines are written
 * straight into the terminal, never through React state, with search and Clear.
 */
export function LogTerminal({ initial, followSourceId, label = 'Logs', fill = false }: LogTerminalProps) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const search = useRef<SearchAddon | null>(null);
  const written = useRef<readonly LogLine[]>([]);
  const [query, setQuery] = useState('');
  const [miss, setMiss] = useState(false);
  // Rows of text written so far: a panel (not `fill`) is as tall as its content, within bounds.
  const [rows, setRows] = useState(0);

  // The terminal lives as long as the component; everything it creates is disposed with it.
  useEffect(() => {
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    const t = new Terminal({
      convertEol: true,
      disableStdin: true,
      cursorStyle: 'bar',
      cursorInactiveStyle: 'none',
      fontFamily: "ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
      fontSize: 12,
      scrollback: 10_000,
      theme: dark.matches ? DARK : LIGHT,
    });
    const fit = new FitAddon();
    const find = new SearchAddon();
    t.loadAddon(fit);
    t.loadAddon(find);
    t.open(host.current!);
    t.textarea?.setAttribute('aria-label', `${label} terminal input`);
    const refit = () => {
      if (host.current && host.current.clientWidth > 0 && host.current.clientHeight > 0) fit.fit();
    };
    refit();
    const ro = new ResizeObserver(refit);
    ro.observe(host.current!);
    const parsed = t.onWriteParsed(() => setRows(t.buffer.active.baseY + t.buffer.active.cursorY + (t.buffer.active.cursorX > 0 ? 1 : 0)));
    const onScheme = () => (t.options.theme = dark.matches ? DARK : LIGHT);
    dark.addEventListener('change', onScheme);
    term.current = t;
    search.current = find;
    written.current = [];
    return () => {
      dark.removeEventListener('change', onScheme);
      parsed.dispose();
      ro.disconnect();
      term.current = null;
      search.current = null;
      t.dispose(); // disposes the loaded addons too
    };
  }, [label]);

  // Initial lines: write only what was appended, or start over when the list was replaced.
  useEffect(() => {
    const t = term.current;
    if (!t) return;
    if (!extendsLines(written.current, initial)) {
      t.reset();
      written.current = [];
    }
    for (const l of initial.slice(written.current.length)) t.write(formatLine(l as TermLine));
    written.current = initial;
  }, [initial]);

  useEffect(() => {
    if (!followSourceId) return;
    return logBus.subscribe(followSourceId, (l) => {
      // A line that arrived while the initial read was in flight may be in both.
      if (written.current.slice(-100).some((w) => lineKey(w) === lineKey(l))) return;
      term.current?.write(formatLine(l));
    });
  }, [followSourceId]);

  const find = (dir: 'next' | 'previous') => {
    const s = search.current;
    if (!s || !query) return;
    const found = dir === 'next' ? s.findNext(query) : s.findPrevious(query);
    setMiss(!found);
  };
  const clear = () => {
    term.current?.clear();
    setRows(0);
    search.current?.clearDecorations();
    setMiss(false);
  };

  return (
    <div className={`log-terminal${fill ? ' fill' : ''}`} role="region" aria-label={label} style={fill ? undefined : { height: panelHeight(rows) }}>
      <div className="log-terminal-tools" role="toolbar" aria-label={`${label} tools`}>
        <input
          type="search"
          className="mono"
          placeholder="Search logs"
          aria-label="Search logs"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setMiss(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              find(e.shiftKey ? 'previous' : 'next');
            }
          }}
        />
        <button type="button" onClick={() => find('previous')} disabled={!query} aria-label="Previous match" title="Previous match (Shift+Enter)">
          ↑
        </button>
        <button type="button" onClick={() => find('next')} disabled={!query} aria-label="Next match" title="Next match (Enter)">
          ↓
        </button>
        {miss && (
          <span className="log-terminal-miss" role="status">
            No match
          </span>
        )}
        <button type="button" className="log-terminal-clear" onClick={clear}>
          Clear
        </button>
      </div>
      <div className="log-terminal-host" ref={host} />
    </div>
  );
}

/** Height of a panel showing `rows` rows: 4 to 20 rows of 12 px text, plus its toolbar. */
function panelHeight(rows: number): number {
  const ROW_PX = 17;
  const TOOLBAR_PX = 38;
  return TOOLBAR_PX + Math.min(20, Math.max(4, rows + 1)) * ROW_PX;
}
