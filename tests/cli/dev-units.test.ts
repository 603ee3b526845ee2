import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { candidateFiles, mayBeComponentPath } from '../../src/main/cli/dev/component-files';
import { DevPrinter } from '../../src/main/cli/dev/printer';
import { parseProps } from '../../src/main/cli/dev/props';
import { Output } from '../../src/main/cli/output';

// The pure parts of `runnel dev`: prop flags, which files of a folder are components, printing.

describe('parseProps', () => {
  const declared = [
    { name: 'who', type: 'string' },
    { name: 'n', type: 'integer' },
    { name: 'on', type: 'boolean' },
    { name: 'timer', type: '$.interface.timer' },
  ];
  it('types values by the declared prop', () => {
    expect(parseProps(['who=42', 'n=42', 'on=true', 'timer={"intervalSeconds":60}', 'extra=x=y'], declared)).toEqual({
      who: '42',
      n: 42,
      on: true,
      timer: { intervalSeconds: 60 },
      extra: 'x=y',
    });
  });
  it('refuses what cannot be right', () => {
    expect(() => parseProps(['n=4.5'], declared)).toThrow('--prop n: "4.5" is not an integer');
    expect(() => parseProps(['on=yes'], declared)).toThrow('--prop on: write true or false');
    expect(() => parseProps(['novalue'], declared)).toThrow('--prop novalue: write it as name=value');
  });
});

describe('component files of a folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'runnel-dev-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes *.js/*.mjs/*.ts files with a default export, outside lib/, common/, node_modules/ and _ or . names', async () => {
    const files: Record<string, string> = {
      'a.mjs': 'export default {}',
      'b.ts': 'const x = {}; export { x as default };',
      'c.js': 'module.exports = {}',
      'nested/d.mjs': 'export default {}',
      'no-default.mjs': 'export const x = 1',
      'notes.md': 'export default {}',
      'e.test.mjs': 'export default {}',
      'types.d.ts': 'export default {}',
      '_draft.mjs': 'export default {}',
      '_private/f.mjs': 'export default {}',
      'lib/g.mjs': 'export default {}',
      'common/h.mjs': 'export default {}',
      'node_modules/pkg/index.js': 'module.exports = {}',
      '.hidden/i.mjs': 'export default {}',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    expect((await candidateFiles(root)).map((f) => f.slice(root.length + 1))).toEqual(['a.mjs', 'b.ts', 'c.js', 'nested/d.mjs']);
    expect(mayBeComponentPath(root, join(root, '..', 'outside.mjs'))).toBe(false);
  });
});

describe('DevPrinter', () => {
  const capture = (json: boolean) => {
    const lines: string[] = [];
    const errs: string[] = [];
    const printer = new DevPrinter(new Output(json, { write: (s: string) => lines.push(s) }), { write: (s: string) => errs.push(s) }, () => Date.UTC(2026, 0, 2, 3, 4, 5));
    return { printer, lines, errs };
  };
  const dep = { kind: 'workflow' as const, id: 'p_1', name: 'My Flow', endpoint: null, reused: false };
  const run = (id: string) => ({
    id,
    workflow_id: 'p_1',
    deployment_id: 'd_1',
    status: 'success' as const,
    exit_reason: null,
    trigger: { event: {}, context: {} },
    steps: [{ id: 'c_1', name: 'step', status: 'success' as const, $return_value: 3, exports: {}, summary: null, logs: [{ ts: 0, stream: 'stdout' as const, line: 'hi' }], duration_ms: 1, error: null }],
    started_at: 0,
    ended_at: 1,
    duration_ms: 1,
  });

  it('prints only what concerns its deployments, each finished run once', () => {
    const { printer, lines } = capture(true);
    printer.ready('flow.mjs', dep);
    printer.frame({ type: 'run', workflow_id: 'p_1', run: { ...run('r_1'), status: 'running' } });
    printer.frame({ type: 'run', workflow_id: 'p_1', run: run('r_1') });
    printer.frame({ type: 'run', workflow_id: 'p_1', run: run('r_1') });
    printer.frame({ type: 'run', workflow_id: 'p_other', run: run('r_2') });
    printer.frame({ type: 'log', source_id: 'dc_other', line: { ts: 0, stream: 'stdout', line: 'x' } });
    printer.frame({ type: 'activity', ts: 0, line: 'fetching dayjs@latest' });
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => r.type)).toEqual(['ready', 'run', 'activity']);
    expect(records[2]).toEqual({ type: 'activity', ts: '1970-01-01T00:00:00.000Z', line: 'fetching dayjs@latest' });
    expect(records[0]).toEqual({ type: 'ready', ts: '2026-01-02T03:04:05.000Z', file: 'flow.mjs', ...dep, trigger: "runnel run 'My Flow'" });
  });

  it('writes human lines with ISO UTC times, and errors on stderr', () => {
    const { printer, lines, errs } = capture(false);
    printer.ready('flow.mjs', dep);
    printer.frame({ type: 'run', workflow_id: 'p_1', run: run('r_1') });
    printer.error('flow.mjs', 'flow.mjs:3:4: Unexpected "}"', true);
    expect(lines.join('')).toContain('2026-01-02T03:04:05.000Z  ready   My Flow  deployed action in a one-step workflow p_1 from flow.mjs\n');
    expect(lines.join('')).toContain('1970-01-01T00:00:00.000Z  log     My Flow  step: hi\n');
    expect(lines.join('')).toContain('My Flow  step → 3\n');
    expect(errs).toEqual(['2026-01-02T03:04:05.000Z  error   flow.mjs:3:4: Unexpected "}" (the last good version keeps running)\n']);
  });
});
