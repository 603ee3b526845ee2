import { expect, test } from 'vitest';
import * as accounts from '../../../src/renderer/src/features/accounts/accounts-slice';
import * as components from '../../../src/renderer/src/features/components/components-slice';
import * as dataStores from '../../../src/renderer/src/features/data-stores/data-stores-slice';
import * as events from '../../../src/renderer/src/features/events/events-slice';
import * as logs from '../../../src/renderer/src/features/logs/logs-slice';
import * as settings from '../../../src/renderer/src/features/settings/settings-slice';
import * as sources from '../../../src/renderer/src/features/sources/sources-slice';
import * as wiring from '../../../src/renderer/src/features/subscriptions/wiring-slice';
import * as builder from '../../../src/renderer/src/features/workflows/builder-slice';
import * as runs from '../../../src/renderer/src/features/workflows/runs-slice';
import * as workflow from '../../../src/renderer/src/features/workflows/workflow-slice';
import * as connection from '../../../src/renderer/src/store/connection-slice';
import * as resources from '../../../src/renderer/src/store/resources-slice';
import { createAppStore } from '../../../src/renderer/src/store/index';

test('no two store slices define the same field (a later slice would silently replace it)', () => {
  const modules = { accounts, components, events, logs, settings, sources, wiring, builder, runs, workflow, connection, resources, dataStores };
  const owner = new Map<string, string>();
  const clashes: string[] = [];
  for (const [name, mod] of Object.entries(modules)) {
    const creators = Object.entries(mod).filter(([k, v]) => /^create\w+Slice$/.test(k) && typeof v === 'function');
    expect(creators.length, `${name} exports one slice creator`).toBe(1);
    const slice = (creators[0][1] as (...a: unknown[]) => object)(() => {}, () => ({}), {});
    for (const key of Object.keys(slice)) {
      if (owner.has(key)) clashes.push(`${key}: ${owner.get(key)} and ${name}`);
      else owner.set(key, name);
    }
  }
  expect(clashes).toEqual([]);
  expect(Object.keys(createAppStore().getState()).length).toBe(owner.size);
});
