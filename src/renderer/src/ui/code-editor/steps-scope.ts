import type { WorkflowRun } from '../../../../shared/resources';

/** What `steps` held in a run, as a step's code sees it: `trigger.{event,context}` and `<step>.{$return_value, <export>…}`. */
export type StepsScope = Record<string, unknown>;

/**
 * The `steps` a step's code will see, from the workflow's runs (newest first): the newest run's
 * trigger, and for each of `names` (the earlier steps) what it returned and exported the last
 * time it ran. Steps that never ran are listed empty, so their names still complete.
 */
export function stepsFromRuns(runs: readonly WorkflowRun[], names: readonly string[]): StepsScope {
  // Before any run the trigger's names still complete (their values are unknown).
  const scope: StepsScope = { trigger: { event: runs[0]?.trigger.event, context: runs[0]?.trigger.context } };
  for (const name of names) {
    if (!name) continue;
    const ran = runs.flatMap((r) => r.steps).find((s) => s.name === name && s.status !== 'skipped');
    scope[name] = ran ? { ...(ran.$return_value !== undefined ? { $return_value: ran.$return_value } : {}), ...ran.exports } : {};
  }
  return scope;
}
