import { createColors } from 'picocolors';

/** How a command prints: `--json` for scripts; human text with colour only on a terminal. */
export class Output {
  readonly color: ReturnType<typeof createColors>;

  constructor(
    readonly json: boolean,
    private readonly out: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean } = process.stdout,
  ) {
    this.color = createColors(Boolean(this.out.isTTY) && !process.env.NO_COLOR && !json);
  }

  /** Prints `value` as JSON with `--json`, else what `human()` returns. */
  result(value: unknown, human: () => string): void {
    this.out.write(this.json ? JSON.stringify(value, null, 2) + '\n' : ensureNewline(human()));
  }

  /** One line of human text (nothing with `--json`, whose output must stay parseable). */
  line(text: string): void {
    if (!this.json) this.out.write(ensureNewline(text));
  }

  /** One JSON value per line with `--json` (streams: events, logs), else the human line. */
  record(value: unknown, human: () => string): void {
    this.out.write(this.json ? JSON.stringify(value) + '\n' : ensureNewline(human()));
  }

  /** A plain table: columns padded to their widest cell. */
  table(headers: string[], rows: string[][]): string {
    const widths = headers.map((h, i) => Math.max(visible(h).length, ...rows.map((r) => visible(r[i] ?? '').length)));
    const fmt = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i] - visible(c).length))).join('  ');
    return [this.color.bold(fmt(headers)), ...rows.map(fmt)].join('\n');
  }
}

/** Times are ISO 8601 UTC everywhere in the CLI. */
export function isoTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '-' : new Date(ms).toISOString();
}

function ensureNewline(s: string): string {
  return s.endsWith('\n') ? s : s + '\n';
}

// eslint-disable-next-line no-control-regex
const visible = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
