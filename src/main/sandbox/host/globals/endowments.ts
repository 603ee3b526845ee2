// The globals of a component's Compartment. SES gives a compartment only the frozen
// JavaScript intrinsics; everything Node-ish a component expects is added here, either as the
// runner's shared object (locked by host-hardening.ts) or as a per-compartment stand-in.
import type { CompartmentTimers } from '../modules/compartment-timers';
import { makeComponentDefiners } from './component-definers';

/** Shared host globals handed to every compartment as they are. */
const SHARED = [
  'fetch', 'Headers', 'Request', 'Response', 'FormData', 'Blob', 'Buffer', 'URL', 'URLSearchParams',
  'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'atob', 'btoa', 'structuredClone',
  'crypto', 'Event', 'EventTarget', 'ReadableStream', 'WritableStream', 'TransformStream',
] as const;

export const SHARED_GLOBAL_NAMES: readonly string[] = SHARED;

export interface EndowmentParts {
  console: unknown;
  process: unknown;
  timers: CompartmentTimers;
  /** The compartment's own `performance` (Node's timeline is shared by the whole runner). */
  performance: unknown;
}

/** The globals object for `new Compartment({ globals })`. */
export function makeEndowments(parts: EndowmentParts): Record<string, unknown> {
  const host = globalThis as unknown as Record<string, unknown>;
  const globals: Record<string, unknown> = {
    // Without these, Date.now() and Math.random() throw inside a Compartment (SES removes the
    // ambient clock and randomness); components are trusted with both.
    Date,
    Math,
    console: parts.console,
    process: parts.process,
    performance: parts.performance,
    ...parts.timers.globals,
    ...makeComponentDefiners(),
  };
  for (const name of SHARED) globals[name] = host[name];
  return globals;
}
