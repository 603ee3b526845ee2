// What the sandbox tells the main process about a component (its props and shape), and a
// component as saved. Plain data shared by the catalog, the store and the engine.
import type { PropAttributes } from '../../shared/resources';

/** A prop as the sandbox describes it after evaluating a component (functions flattened). */
export interface PropDescriptor extends PropAttributes {
  /** Static options as written, or `true` when `options` is an async method. */
  options?: unknown[] | true;
}

/** What evaluating a component's module tells the main process about it. */
export interface ComponentMeta {
  name?: unknown;
  key?: unknown;
  version?: unknown;
  description?: unknown;
  type?: unknown;
  dedupe?: unknown;
  props: PropDescriptor[];
  methods: string[];
  hooks: string[];
  hasRun: boolean;
  hasAdditionalProps: boolean;
}

/** A saved component (a source or an action, or a workflow's inline code step). */
export interface ComponentDoc {
  id: string;
  code: string;
  code_hash: string;
  /** CommonJS form the sandbox evaluates. */
  compiled: string;
  name: string;
  key: string | null;
  version: string;
  description: string | null;
  type: 'source' | 'action';
  dedupe: 'unique' | 'greatest' | 'last' | null;
  props: PropDescriptor[];
  hooks: string[];
  has_run: boolean;
  /** The component computes more props from configured values (`additionalProps`). */
  has_additional_props?: boolean;
  /** A workflow's inline code step: saved like a component, never listed or looked up by key. */
  inline?: boolean;
  /** The user's file name it was saved with (`component_filename`): an edit in place keeps it, so stack traces still name it. */
  filename?: string;
  /** `python3.12`: an inline Python step, kept as written (`compiled` is the same text). */
  runtime?: 'python3.12';
  /** In the registry: shipped with Runnel (read-only) or published to the local registry. */
  registry?: 'builtin' | 'published';
  created_at: number;
  updated_at: number;
}
