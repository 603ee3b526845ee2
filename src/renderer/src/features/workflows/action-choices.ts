import type { RegistryEntry, SavedComponent } from '../../../../shared/resources';
import type { ActionRef } from './builder-model';

/** How a component reads in every picker: `Name (key@version)`, or `Name (vX)` without a key. */
export const componentLabel = (c: { name: string; key: string | null; version: string }) => `${c.name} (${c.key ? `${c.key}@${c.version}` : `v${c.version}`})`;

/**
 * The actions a new step can use: registry actions, then saved action components that are not
 * already a registry entry (a built-in action is also a saved component: it is listed once).
 */
export function actionChoices(registry: RegistryEntry[], components: SavedComponent[]): { reg: ActionRef[]; saved: ActionRef[] } {
  const regActions = registry.filter((r) => r.type === 'action');
  const inRegistry = new Set(regActions.map((r) => r.component_id));
  const reg = regActions.map((r) => ({ key: r.key, label: componentLabel(r), props: r.configurable_props }));
  const saved = components
    .filter((c) => c.type === 'action' && !inRegistry.has(c.id))
    .map((c) => ({ componentId: c.id, label: componentLabel(c), props: c.configurable_props }));
  return { reg, saved };
}
