// `runnel import <folder>` and `runnel export <folder>`: the hosted service's synced project
// format from the CLI, against a real service.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixtureRegistry } from '../helpers/fixture-registry';
import { useService } from '../helpers/service';
import { COMPONENTS, HOSTED_BASIC, projectFiles } from '../helpers/project-files';
import { envFor, runCli } from './helpers/run-cli';
import { tempDir } from '../helpers/temp-dir';

const options: { env?: Record<string, string> } = {};

describe('runnel import / export against a real service', () => {
  useFixtureRegistry(options);
  const svc = useService(options);
  const cli = (...args: string[]) => runCli(args, { env: envFor(svc) });

  it('previews, imports (old id → new URL, what is left to do), and exports a folder that imports back unchanged', { timeout: 120_000 }, async () => {
    const preview = await cli('import', HOSTED_BASIC, '--dry-run');
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^Dry run: nothing was changed/m);
    expect((await svc.json('/v1/users/me/workflows')).data).toEqual([]);

    const r = await cli('import', HOSTED_BASIC, '--components', COMPONENTS, '--schedule', 'p_N1ghtly7=every 30m');
    expect(r.code, r.stderr).toBe(0);
    const wfs = (await svc.json('/v1/users/me/workflows?limit=100')).data;
    const greet = wfs.find((w: any) => w.hosted.id === 'p_Gr8tVis1');
    expect(r.stdout).toContain(`Created Greet visitors (p_Gr8tVis1 → ${greet.id})`);
    expect(r.stdout).toContain(`hi_Vis1tAbc → ${greet.trigger.endpoint_url}`);
    expect(r.stdout).toMatch(/ti_D1gest01 → timer every 1800s/);
    expect(r.stdout).toMatch(/ei_Ma1lIn55 → http:\/\/\S+\/e\//);
    expect(r.stdout).toMatch(/apn_Gh1tHub9 \(github\) needs credentials: runnel .*|apn_Gh1tHub9 \(github\) needs credentials/);
    expect(r.stdout).toMatch(/ds_V1sits42 created/);
    expect(r.stdout).toMatch(/step "notify" is unresolved: the action nosuchapp-do-thing@1\.2\.0 was not found/);

    const out = tempDir('runnel-export-');
    const e = await cli('export', out);
    expect(e.code, e.stderr).toBe(0);
    expect(e.stdout).toMatch(/^Wrote 4 workflows \(\d+ files\) to /);
    expect(readFileSync(join(out, 'greet-visitors-p_Gr8tVis1', 'clean_name', 'entry.js'), 'utf8')).toBe(projectFiles(HOSTED_BASIC)['greet-visitors-p_Gr8tVis1/clean_name/entry.js']);

    const again = await cli('import', out, '--components', COMPONENTS, '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).workflows.map((w: any) => w.action)).toEqual(['update', 'update', 'update', 'update']);
    expect((await svc.json('/v1/users/me/workflows?limit=100')).data).toHaveLength(4);

    const bad = await cli('import', join(out, 'nope'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^runnel import: .*nope/);
  });
});
