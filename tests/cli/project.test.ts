// `runnel import <folder>` and `runnel export <folder>`: the hosted service's synced project
// format from the CLI, against a real service.
import { cpSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
    // A preview says what would happen, not what happened.
    expect(preview.stdout).toMatch(/^Would create Greet visitors \(p_Gr8tVis1\)/m);
    expect(preview.stdout).toMatch(/^Data store ds_V1sits42 would be created/m);
    expect(preview.stdout).not.toMatch(/^(Created|Updated) /m);
    expect(preview.stdout).toContain('ti_D1gest01 → a timer that needs a schedule (runs by hand until then)');
    expect(preview.stdout).toContain('sub_Ch4nnel01 → runs by hand until a source is set (placeholder)');
    // Where each registry action comes from (the preview does not ask npm).
    expect(preview.stdout).toMatch(/step "ping": acme-ping@0\.0\.3 to be fetched from npm \(@pipedream\/acme\) at import/);
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
    expect(r.stdout).toMatch(/step "shout": acme-shout@0\.1\.0 from the components folder/);
    expect(r.stdout).toMatch(/step "ping": acme-ping@0\.0\.3 from npm/);
    expect(r.stdout).toMatch(/step "notify" is unresolved: the action nosuchapp-do-thing@1\.2\.0 was not found/);

    // A source set in Runnel stays on re-import, and the report names it (not a placeholder).
    const legacy = wfs.find((w: any) => w.hosted.id === 'p_L3gacyPy');
    const src = await svc.createSource('export default { name: "feed", version: "0.0.1", async run() {} }');
    await svc.json(`/v1/workflows/${legacy.id}`, { method: 'PUT', json: { trigger: { type: 'source', source_id: src.id } } });
    const kept = await cli('import', HOSTED_BASIC, '--components', COMPONENTS);
    expect(kept.stdout).toContain(`sub_Ch4nnel01 → source ${src.id} (set in Runnel)`);

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

  it('exports back into the repository it imported: same folders (even one named otherwise), unchanged files byte for byte, so git diff is empty', { timeout: 120_000 }, async () => {
    const repo = tempDir('runnel-repo-');
    cpSync(HOSTED_BASIC, repo, { recursive: true });
    // A folder whose slug no longer matches the workflow's name (renamed on the hosted service).
    renameSync(join(repo, 'greet-visitors-p_Gr8tVis1'), join(repo, 'old-name-p_Gr8tVis1'));
    // A Python step importing a module Runnel's offline Python does not have: the import says so.
    const py = join(repo, 'legacy-sync-p_L3gacyPy', 'fetch_rows', 'entry.py');
    writeFileSync(py, `import requests\n${readFileSync(py, 'utf8')}`);
    // A step written without a props key at all (not even {}): it comes back without one.
    const triage = join(repo, 'inbox-triage-p_1nb0xTri', 'workflow.yaml');
    writeFileSync(triage, readFileSync(triage, 'utf8').replace('  props: {}\n', ''));
    const before = projectFiles(repo);
    const r = await cli('import', repo, '--components', COMPONENTS, '--schedule', 'p_N1ghtly7=every 30m');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('step "fetch_rows": imports requests, which is not in the standard library');
    const e = await cli('export', repo);
    expect(e.code, e.stderr).toBe(0);
    expect(readdirSync(repo).sort()).toEqual(Object.keys(before).map((p) => p.split('/')[0]).filter((p, i, a) => a.indexOf(p) === i).sort());
    const after = projectFiles(repo);
    for (const [path, text] of Object.entries(before)) expect(after[path], path).toBe(text);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  });
});
