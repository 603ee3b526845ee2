import { describe, expect, it } from 'vitest';
import { folderFiles, isComponentFile, needingSchedule } from '../../../src/renderer/src/features/import/import-files';

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
});
