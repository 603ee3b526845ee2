import type { WorkflowTrigger } from '../../../../shared/resources';
import type { WorkflowTestEvent } from '../../../../shared/test-events-api';
import { client } from '../../api/client';
import { useStore } from '../../store/index';
import { useLoaded } from '../../ui/use-loaded';

/**
 * The workflow's test event (`GET …/test_event`): the last real trigger's event or a sample of
 * its shape. Read again when a newer run shows up, so a request that just came in is offered.
 */
export function useTestEvent(workflowId: string): { testEvent: WorkflowTestEvent | null; error: string | null } {
  const newest = useStore((s) => s.runs[workflowId]?.[0]?.id);
  const { value, error } = useLoaded(() => client.data('workflowTestEvent', { id: workflowId }), [workflowId, newest]);
  return { testEvent: value, error };
}

/** The JSON text an editor shows for a test event. */
export function testEventText(t: WorkflowTestEvent | null): string {
  return t ? (JSON.stringify(t.event, null, 2) ?? '{}') : '{}';
}

/** Where a test event came from, in a few words: "from the last request, run r_…", "a sample HTTP request — edit it". */
export function testEventLabel(t: WorkflowTestEvent, trigger: WorkflowTrigger['type'] | undefined): string {
  if (t.from === 'last_trigger') {
    const what = trigger === 'http' ? 'request' : trigger === 'email' ? 'e-mail' : trigger === 'timer' ? 'timer event' : 'event delivered';
    return `from the last ${what}, run ${t.run_id}`;
  }
  const sample = trigger === 'http' ? 'a sample HTTP request' : trigger === 'email' ? 'a sample e-mail' : trigger === 'timer' ? 'a sample timer event' : 'an empty event';
  return `${sample} — edit it`;
}
