// The synced project format's parser and mapping, on the text a repository holds.
import { describe, expect, it } from 'vitest';
import { parseHostedProject } from '../../../src/main/services/projects/hosted-project';
import { exportProp, importProp, parseSchedule, parseUses, planTrigger, stepName } from '../../../src/main/services/projects/project-mapping';
import { HOSTED_BASIC, projectFiles } from '../../helpers/project-files';

describe('the synced project format', () => {
  it('reads every workflow folder with its settings, triggers, steps, code and __configurableProps', () => {
    const p = parseHostedProject(projectFiles(HOSTED_BASIC));
    expect(p.project_id).toBe('repo_2Fx8Kq1Lm');
    expect(p.problems).toEqual([]);
    const greet = p.workflows.find((w) => w.id === 'p_Gr8tVis1')!;
    expect(greet).toMatchObject({ name: 'Greet visitors', inactive: false, settings: { error_notification: true, lambda_timeout: 45 }, triggers: ['hi_Vis1tAbc'] });
    expect(greet.steps[0]).toMatchObject({ namespace: 'clean_name', runtime: 'nodejs20.x', notes: "Strips tags from the visitor's name", props_cursor: 'CURSOR-1' });
    expect(greet.steps[0]!.props.stamp).toBe('{{\n  steps.trigger.event.body.tags\n    .map((t) => t.toUpperCase())\n    .join("+")\n}}');
    expect(greet.steps[1]).toMatchObject({ namespace: 'broken_old_step', disabled: true });
    const py = p.workflows.find((w) => w.id === 'p_L3gacyPy')!;
    expect(py.inactive).toBe(true);
    expect(py.steps[0]!.code).toMatch(/^def handler\(pd: "pipedream"\):/);
    expect(py.steps[0]!.configurable_props).toEqual([expect.objectContaining({ name: 'sheets', app: 'google_sheets' }), expect.objectContaining({ type: 'data_store' })]);
    expect(py.steps[0]!.props).not.toHaveProperty('__configurableProps');
  });

  it('names the folder and the reason when a workflow cannot be read', () => {
    const p = parseHostedProject({ 'x-p_A1/workflow.yaml': 'steps:\n- namespace: a\n  uses: ./a/entry.js\n', 'y/workflow.yaml': 'name: y\n' });
    expect(p.problems).toEqual(['x-p_A1: step "a" uses ./a/entry.js, which is not in the folder', expect.stringMatching(/^y: no workflow id/)]);
  });

  it('maps props both ways: accounts, stores, chosen options', () => {
    expect(importProp({ authProvisionId: 'apn_1' })).toEqual({ account_id: 'apn_1' });
    expect(importProp({ storeId: 'ds_1' })).toEqual({ data_store_id: 'ds_1' });
    expect(importProp({ __lv: { label: 'General', value: 'C1' } })).toBe('C1');
    expect(importProp([{ __lv: { label: 'a', value: 1 } }])).toEqual([1]);
    expect(exportProp({ account_id: 'apn_1' })).toEqual({ authProvisionId: 'apn_1' });
    expect(exportProp({ data_store_id: 'ds_1' })).toEqual({ storeId: 'ds_1' });
  });

  it('reads uses, schedules, namespaces and trigger ids', () => {
    expect(parseUses('slack-send-message@0.4.2')).toEqual({ kind: 'registry', key: 'slack-send-message', version: '0.4.2' });
    expect(parseUses('./code/entry.py')).toEqual({ kind: 'code', language: 'py' });
    expect(parseSchedule('every 5m')).toEqual({ intervalSeconds: 300 });
    expect(parseSchedule('0 3 * * *')).toEqual({ cron: '0 3 * * *' });
    expect(stepName('send-message')).toBe('send_message');
    expect(stepName('1st')).toBe('_1st');
    expect(planTrigger(['ti_1'], 'p_1', undefined)).toMatchObject({ trigger: { type: 'manual' }, needs: [expect.stringMatching(/--schedule p_1=/)] });
    expect(planTrigger(['ti_1', 'hi_1'], 'p_1', undefined)).toMatchObject({ trigger: { type: 'http' }, mapped: { id: 'hi_1' }, unmapped: [{ id: 'ti_1' }] });
    expect(planTrigger([], 'p_1', undefined)).toMatchObject({ trigger: { type: 'manual' }, mapped: null, needs: [] });
  });
});
