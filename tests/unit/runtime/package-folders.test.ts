import { describe, expect, it } from 'vitest';
import { importKey, packageFolders } from '../../../src/main/runtime/packages/package-folders';

describe('packageFolders', () => {
  it('keeps one version per name in its own folder and puts every other version under an alias', () => {
    const r = packageFolders([
      { name: 'lodash', range: '4.17.20', version: '4.17.20' },
      { name: 'lodash', range: null, version: '4.17.21' },
      { name: 'lodash', range: '^4', version: '4.17.21' },
      { name: '@scope/pkg', range: '1.0.0', version: '1.0.0' },
      { name: '@scope/pkg', range: '2.0.0', version: '2.0.0' },
    ]);
    expect(r.specs).toEqual(['@scope/pkg@1.0.0', '@scope/pkg__v2.0.0@npm:@scope/pkg@2.0.0', 'lodash@4.17.21', 'lodash__v4.17.20@npm:lodash@4.17.20']);
    expect(r.folders).toEqual({
      [importKey('lodash', '4.17.20')]: 'lodash__v4.17.20',
      [importKey('lodash', null)]: 'lodash',
      [importKey('lodash', '^4')]: 'lodash',
      [importKey('@scope/pkg', '1.0.0')]: '@scope/pkg',
      [importKey('@scope/pkg', '2.0.0')]: '@scope/pkg__v2.0.0',
    });
  });

  it('installs one version as before (no alias) when every import agrees', () => {
    expect(packageFolders([{ name: 'ms', range: '2.1.3', version: '2.1.3' }, { name: 'dayjs', range: null, version: '1.11.0' }]).specs).toEqual(['dayjs@1.11.0', 'ms@2.1.3']);
  });
});
