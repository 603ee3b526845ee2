import { useEffect, useMemo } from 'react';
import type { WorkflowRun } from '../../../../shared/resources';
import { useStore } from '../../store/index';
import type { EditorApiContext } from '../../ui/code-editor/complete-api';
import { stepsFromRuns } from '../../ui/code-editor/steps-scope';
import type { DraftStep } from './builder-model';

const NO_RUNS: WorkflowRun[] = [];

/**
 * What the code editor of step `index` completes: the component API, and `steps.<name>.<export>`
 * from the workflow's last runs (the trigger and the steps before this one), live as runs arrive.
 */
export function useStepCompletions(index: number, steps: DraftStep[]): EditorApiContext {
  const id = useStore((s) => s.wfEditingId);
  const runs = useStore((s) => (id ? s.runs[id] : undefined)) ?? NO_RUNS;
  const loadRunsOnce = useStore((s) => s.loadRunsOnce);
  // Every card uses this hook; the first one reads the runs, so they are read once.
  useEffect(() => {
    if (id && index === 0) void loadRunsOnce([id]);
  }, [id, index, loadRunsOnce]);
  const earlier = steps
    .slice(0, index)
    .map((s) => s.name)
    .join('\n');
  return useMemo(() => ({ kind: 'step', steps: stepsFromRuns(runs, earlier ? earlier.split('\n') : []) }), [runs, earlier]);
}
