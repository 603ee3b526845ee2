import { Notification } from 'electron';
import { throttlePerKey } from './throttle';

/** A desktop notice for each workflow error, at most one per workflow per minute. */
export function workflowErrorNotifier(): (wf: { id: string; name: string }, error: { name: string; message: string }) => void {
  const allow = throttlePerKey(60_000);
  return (wf, error) => {
    if (!Notification.isSupported() || !allow(wf.id)) return;
    new Notification({ title: `Workflow "${wf.name}" failed`, body: `${error.name}: ${error.message}`.slice(0, 240) }).show();
  };
}
