// `defineComponent`, `defineAction`, `defineSource`, `defineApp`: identity functions the hosted
// service provides as globals to code steps, so `export default defineComponent({ ... })`
// works without an import. Returning the argument itself keeps such a module exactly like a
// plain `export default { ... }` for loading and inspection.
const NAMES = ['defineComponent', 'defineAction', 'defineSource', 'defineApp'] as const;

/** Fresh frozen identity functions, one set per compartment. */
export function makeComponentDefiners(): Record<(typeof NAMES)[number], <T>(definition: T) => T> {
  const out = {} as Record<(typeof NAMES)[number], <T>(definition: T) => T>;
  // Arrow functions have no `prototype` object, so freezing leaves nothing to tamper with.
  for (const name of NAMES) out[name] = Object.freeze(<T,>(definition: T): T => definition);
  return out;
}
