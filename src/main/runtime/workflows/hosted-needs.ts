import type { WorkflowDoc } from '../../store/document-types';

/**
 * What an imported workflow still needs, as of now: the needs the import recorded, less those
 * met since (a schedule or a source set on the trigger, an unresolved step replaced), so an edit
 * in Runnel clears them without another import.
 */
export function openNeeds(wf: WorkflowDoc): string[] {
  return (wf.hosted?.needs ?? []).filter((n) => {
    if (n.startsWith('a schedule for timer')) return wf.trigger.type !== 'timer';
    if (n.startsWith('a source for trigger')) return wf.trigger.type !== 'source';
    const step = /^step "([^"]+)" is unresolved/.exec(n)?.[1];
    if (step !== undefined) return wf.steps.some((s) => s.name === step && s.unresolved);
    return true;
  });
}
