// Compile-time proof that the resource schemas and the hand-written interfaces describe the same
// shapes: `tsc` fails here when one changes without the other. Nothing in this file runs.
import type { z } from 'zod';
import type * as S from './resource-schemas';
import type * as F from './stream-schemas';
import type * as R from './resources';
import type { DataStore, DataStoreRecord } from './data-stores';
import type { ClockAdvance, ClockNext, SourceFiring, WorkflowFiring } from './clock-api';
import type { ErrorBody } from './errors';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** An intersection written out as one object type, so `Same` compares members, not spelling. */
type Flat<T> = { [K in keyof T]: T[K] };
type Agree<Schema extends z.ZodType, I> = Same<Flat<z.output<Schema>>, Flat<I>>;

export type ResourceSchemasAgree = [
  Agree<typeof S.deployedSource, R.DeployedSource>,
  Agree<typeof S.configurableProp, R.ConfigurableProp>,
  Agree<typeof S.savedComponent, R.SavedComponent>,
  Agree<typeof S.eventSummary, R.EventSummary>,
  Agree<typeof S.pageInfo, R.PageInfo>,
  Agree<typeof S.logLine, R.LogLine>,
  Agree<typeof S.runResult, R.RunResult>,
  Agree<typeof S.workflowTrigger, R.WorkflowTrigger>,
  Agree<typeof S.workflow, R.Workflow>,
  Agree<typeof S.workflowRun, R.WorkflowRun>,
  Agree<typeof S.subscription, R.Subscription>,
  Agree<typeof S.outboxMessage, R.OutboxMessage>,
  Agree<typeof S.account, R.Account>,
  Agree<typeof S.systemInfo, R.SystemInfo>,
  Agree<typeof S.registryEntry, R.RegistryEntry>,
  Agree<typeof S.settings, R.Settings>,
  Agree<typeof S.dataStore, DataStore>,
  Agree<typeof S.dataStoreRecord, DataStoreRecord>,
  Agree<typeof S.sourceFiring, SourceFiring>,
  Agree<typeof S.workflowFiring, WorkflowFiring>,
  Agree<typeof S.clockAdvance, ClockAdvance>,
  Agree<typeof S.clockNext, ClockNext>,
  Agree<typeof S.errorBody, ErrorBody>,
  Agree<typeof F.sseEmitFrame, R.SseEmitFrame>,
  Agree<typeof F.feedFrame, R.FeedFrame>,
  Agree<typeof F.changedResource, R.ChangedResource>,
];

/** Fails to compile when any entry above is false. */
export const resourceSchemasAgree: ResourceSchemasAgree extends true[] ? true : never = true;
