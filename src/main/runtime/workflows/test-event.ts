// A workflow's test event (issue #18 item 4): what Run now, `runnel run` and a step test start
// from. The last event a real trigger delivered is the truest sample; before the first one, the
// shape the trigger would give, so `steps.trigger.event.body.name` reads a value, not `undefined`.
import type { WorkflowRun } from '../../../shared/resources';
import type { WorkflowTestEvent } from '../../../shared/test-events-api';
import type { WorkflowDoc } from '../../store/document-types';
import { sampleHttpEvent } from '../sample-events';
import { timerEvent } from '../../engine/props/timer-config';
import { emailEventOf } from '../email/email-event';

/** The triggers whose runs are real deliveries (not a run by hand, not a resumed leg). */
const REAL_TRIGGERS = new Set(['http', 'timer', 'source', 'subscription']);

export interface TestEventContext {
  /** Newest first, as WorkflowRuns lists them. */
  runs: WorkflowRun[];
  endpointUrl(token: string): string;
  /** Now on the workflow's virtual clock (a timer sample fires "now" there). */
  now: number;
}

/** The event of the newest run a real trigger started (not a replay), else a sample of the trigger's shape. */
export function workflowTestEvent(wf: WorkflowDoc, c: TestEventContext): WorkflowTestEvent {
  // A replay keeps its original's trigger kind, but it was started by hand (and may be edited).
  const last = c.runs.find((r) => !r.replay_of && REAL_TRIGGERS.has(String(r.trigger.context.source_type)));
  if (last) return { event: last.trigger.event, from: 'last_trigger', run_id: last.id };
  return { event: sampleOf(wf, c), from: 'sample', run_id: null };
}

function sampleOf(wf: WorkflowDoc, c: TestEventContext): unknown {
  const t = wf.trigger;
  switch (t.type) {
    case 'http':
      return sampleHttpEvent(c.endpointUrl(t.token));
    case 'timer':
      return timerEvent(t, c.now);
    case 'email':
      return emailEventOf(sampleEmail(c.endpointUrl(t.token)));
    default:
      return {};
  }
}

/** A short plain-text message to the trigger's address, as a mail forwarder would POST it. */
function sampleEmail(endpoint: string): string {
  const to = `${new URL(endpoint).pathname.split('/').pop()}@runnel.local`;
  return ['From: Ada Lovelace <ada@example.com>', `To: <${to}>`, 'Subject: Hello', 'Date: Mon, 1 Jan 2024 00:00:00 +0000', 'Message-ID: <sample@runnel.local>', 'Content-Type: text/plain; charset=utf-8', '', 'Hi from a sample e-mail.', ''].join('\r\n');
}
