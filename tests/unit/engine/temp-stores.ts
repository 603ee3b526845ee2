// The real stores of a service on a temp dir, as the engine harnesses share them: documents
// (with the local user), event journals, data stores, the secrets box and the accounts over it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../../../src/shared/ids';
import { pathsFor, type Paths } from '../../../src/main/config/paths';
import type { Logger } from '../../../src/main/logger';
import { Accounts } from '../../../src/main/runtime/accounts';
import { DataStores } from '../../../src/main/runtime/data-stores';
import { EventBus } from '../../../src/main/runtime/event-bus';
import { Secrets } from '../../../src/main/runtime/secrets';
import { EnvVars } from '../../../src/main/runtime/env-vars';
import { systemClock, type Clock } from '../../../src/main/scheduler/clock';
import { DocumentStore } from '../../../src/main/store/documents';
import { EventStore } from '../../../src/main/store/event-store';
import { SecretBox } from '../../../src/main/store/secret-box';

export const quietLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export interface TempStores {
  dir: string;
  paths: Paths;
  clock: Clock;
  docs: DocumentStore;
  events: EventStore;
  bus: EventBus;
  dataStores: DataStores;
  secrets: Secrets;
  accounts: Accounts;
  env: EnvVars;
  close(): Promise<void>;
}

export async function openTempStores(prefix: string, retention: number): Promise<TempStores> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const paths = pathsFor(dir);
  const clock = systemClock;
  const docs = await DocumentStore.open(paths.documents, { now: () => clock.now() });
  await docs.update((d) => {
    d.user = { id: newId('u'), created_at: Math.floor(clock.now() / 1000) };
  });
  const events = new EventStore({ dir: paths.eventsDir, clock, logger: quietLogger, retention: () => retention });
  await events.openAll();
  const dataStores = new DataStores({ dir: paths.dataStoresDir, clock, logger: quietLogger, docs });
  await dataStores.open();
  const box = await SecretBox.open(paths.secretsKeyFile);
  return {
    dir,
    paths,
    clock,
    docs,
    events,
    bus: new EventBus(),
    dataStores,
    secrets: new Secrets(box),
    accounts: new Accounts(docs, box, clock),
    env: new EnvVars(docs, box, clock),
    async close() {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
