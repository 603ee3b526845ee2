// What the sandbox tells the main process about a component: its props and shape. Plain data
// shared by the catalog, the store and the engine.
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
