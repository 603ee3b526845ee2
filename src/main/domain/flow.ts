// Paused runs (`$.flow.delay` / `suspend` / `rerun`) as the engine keeps them: plain data that
// a store writes as JSON and a queue carries back to the kind when the run goes on.

/** What ends a pause: the resume URL, the cancel URL, or its due time passing. */
export type FlowAction = 'resume' | 'cancel' | 'due';

/** The request made to a resume URL (a rerun's `$.context.run.callback_request`). */
export interface CallbackRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, else the text ('' for none). */
  body: unknown;
}

/** How and when a pause ended. */
export interface PauseEnd {
  action: FlowAction;
  /** On the deployment's virtual clock, epoch ms (a due time moved by the clock: that due time). */
  at: number;
  /** The resume URL's request, when the resume URL ended it. */
  request?: CallbackRequest;
}

/** One paused run, as stored (one file each) until it has gone on. */
export interface PausedRecord {
  deploymentId: string;
  runId: string;
  /** Random tokens of the public resume and cancel URLs (each accepted once). */
  resumeToken: string;
  cancelToken: string;
  /** When the pause ends by itself, on the deployment's virtual clock (epoch ms). */
  dueAt: number;
  /** Set the moment the pause ended: the tokens are spent and the run goes on (again, after a restart). */
  ended?: PauseEnd;
  /** The kind's own state: the run so far and what it needs to go on. */
  state: unknown;
}

/** A paused run going on, as it travels through the deployment's queue. */
export interface Continuation {
  record: PausedRecord;
  end: PauseEnd;
}
