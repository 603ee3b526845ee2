import { describe, expect, it } from 'vitest';
import { folderFiles, isComponentFile, needingSchedule, triggerText } from '../../../src/renderer/src/features/import/import-files';

const file = (path: string, text: string, size = text.length) => ({ webkitRelativePath: path, name: path.split('/').pop()!, size, text: async () => text });

describe('the Import screen: reading a picked folder', () => {
  it('keys files relative to the picked folder, leaving out .git, node_modules and files over 1 MB', async () => {
    const picked = [
      file('repo/README.md', 'Project repo_1'),
      file('repo/a-p_1/.workflow.state', 'id: p_1'),
      file('repo/.git/HEAD', 'ref'),
      file('repo/a-p_1/node_modules/x/index.js', 'x'),
      file('repo/big.bin', '', 2 * 1024 * 1024),
    ];
    expect(await folderFiles(picked)).toEqual({ folder: 'repo', files: { 'README.md': 'Project repo_1', 'a-p_1/.workflow.state': 'id: p_1' } });
    expect((await folderFiles([file('c/a.mjs', 'a'), file('c/notes.md', 'n')], isComponentFile)).files).toEqual({ 'a.mjs': 'a' });
  });

  it('lists the workflows waiting for a schedule', () => {
    const report = { workflows: [{ hosted_id: 'p_1', name: 'A', needs: ['a schedule for timer ti_1: …'] }, { hosted_id: 'p_2', name: 'B', needs: ['a source for trigger dc_1'] }] };
    expect(needingSchedule(report)).toEqual([{ hosted_id: 'p_1', name: 'A' }]);
  });

  it('says what each hosted trigger became, naming a source set in Runnel', () => {
    const t = (trigger: object) => triggerText({ trigger } as never);
    expect(t({ hosted_id: 'ti_1', type: 'timer', schedule: 'every 60s' })).toBe('timer every 60s');
    expect(t({ hosted_id: 'ti_1', type: 'manual' })).toBe('timer (needs a schedule)');
    expect(t({ hosted_id: 'dc_1', type: 'manual' })).toBe('run by hand until a source is set');
    expect(t({ hosted_id: 'dc_1', type: 'source', source_id: 'dc_Local1' })).toBe('source dc_Local1 (set in Runnel)');
    expect(t({ hosted_id: 'hi_1', type: 'http' })).toBe('http');
  });
});
