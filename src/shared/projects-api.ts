// REST v1 shapes of the hosted service's synced project format: import (a report of what was
// created, what was mapped and what is left to do) and export (the files of the folder).
import { z } from 'zod';

/** The most files a project folder (or a components folder) may send. */
export const MAX_PROJECT_FILES = 5000;

const fileMap = z
  .record(z.string().min(1).max(1000), z.string().max(1024 * 1024))
  .refine((f) => Object.keys(f).length <= MAX_PROJECT_FILES, `at most ${MAX_PROJECT_FILES.toLocaleString('en')} files`);

/**
 * The hosted workflow id (`p_…`) of a workflow folder: its `.workflow.state`'s `id:` line, else
 * the `-p_…` that ends the folder's name. Import and export read folders by this one rule.
 */
export function workflowIdOf(folder: string, state: string | undefined): string | undefined {
  return (state ? /^id:\s*(p_[A-Za-z0-9]+)\s*$/m.exec(state)?.[1] : undefined) ?? /(p_[A-Za-z0-9]+)$/.exec(folder)?.[1];
}

/** `POST /v1/projects/import`. */
export const importProjectBody = z.object({
  /** The project folder's files: path relative to the folder (`/`-separated) → text. */
  files: fileMap,
  /** Component files to resolve registry actions from (`--components <dir>`): path → code. */
  components: fileMap.optional(),
  /** Schedules for timer triggers, keyed by the hosted workflow id `p_…`, its name or its folder: `every 5m`, `15m`, or a cron expression. */
  schedules: z.record(z.string().max(300), z.string().min(1).max(200)).optional(),
  /** Report what would happen, change nothing. */
  dry_run: z.boolean().optional(),
});
export type ImportProjectBody = z.infer<typeof importProjectBody>;

const importedStep = z.object({
  name: z.string(),
  uses: z.string(),
  status: z.enum(['ok', 'disabled', 'unresolved']),
  /** Where the step's component came from: its own code, the components folder given, Runnel's registry, or the app's npm package. */
  resolved_from: z.enum(['code', 'components', 'registry', 'npm']).optional(),
  reason: z.string().optional(),
});

const importedWorkflow = z.object({
  hosted_id: z.string(),
  folder: z.string(),
  name: z.string(),
  /** Created or updated in place (keyed by the hosted id); `error` when it could not be saved. */
  action: z.enum(['create', 'update', 'error']),
  workflow_id: z.string().nullable(),
  active: z.boolean(),
  trigger: z.object({
    hosted_id: z.string().nullable(),
    type: z.string(),
    endpoint_url: z.string().optional(),
    schedule: z.string().optional(),
    /** The source a `dc_`/`sub_` trigger runs on, once one is set in Runnel (kept across imports). */
    source_id: z.string().optional(),
  }),
  needs: z.array(z.string()),
  unmapped_triggers: z.array(z.object({ id: z.string(), reason: z.string() })),
  steps: z.array(importedStep),
  timeout_seconds: z.number().nullable(),
  error: z.string().optional(),
});

/** What an import did (or, with dry_run, would do). */
export const importReport = z.object({
  dry_run: z.boolean(),
  project_id: z.string().nullable(),
  workflows: z.array(importedWorkflow),
  /** Connected-account slots (the hosted `apn_…` ids), shared across workflows: fill each once. */
  accounts: z.array(z.object({ id: z.string(), app: z.string(), created: z.boolean(), needs_credentials: z.boolean(), used_by: z.array(z.string()) })),
  data_stores: z.array(z.object({ id: z.string(), created: z.boolean(), used_by: z.array(z.string()) })),
  /** Folders that could not be read, and other things the import could not do. */
  problems: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;
export type ImportedWorkflow = z.infer<typeof importedWorkflow>;

/** `GET /v1/projects/export`: the folder's files, path → text. */
export const exportedProject = z.object({ files: z.record(z.string(), z.string()) });
export type ExportedProject = z.infer<typeof exportedProject>;
