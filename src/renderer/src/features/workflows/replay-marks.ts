// Which runs were replayed and by which: the service's `replayed_as`, and runs on the page
// (live frames) whose `replay_of` names the run before the list is read again.
import type { WorkflowRun } from '../../../../shared/resources';

/** The replays of `run`, oldest first. */
export function replaysOf(run: WorkflowRun, list: WorkflowRun[]): string[] {
  const ids = new Set(run.replayed_as ?? []);
  for (let i = list.length - 1; i >= 0; i--) if (list[i].replay_of === run.id) ids.add(list[i].id);
  return [...ids];
}

/** The failed runs of a list (what "Select failed" picks). */
export function failedIds(list: WorkflowRun[]): string[] {
  return list.filter((r) => r.status === 'error').map((r) => r.id);
}
