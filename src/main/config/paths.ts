import { join } from 'node:path';
import envPaths from 'env-paths';

/** Where everything of one data directory lives. Built once and passed down. */
export interface Paths {
  dataDir: string;
  documents: string;
  eventsDir: string;
  logsDir: string;
  runsDir: string;
  /** Each deployment's failed runs (a count and the last error). */
  errorsDir: string;
  /** The web UI's sessions, as hashes with expiries (0600). */
  sessionsFile: string;
  outboxDir: string;
  packagesDir: string;
  dataStoresDir: string;
  /** Paused workflow runs, one file each (store/paused-runs.ts). */
  pausedDir: string;
  apiKeyFile: string;
  /** The data key that seals secrets (0600). */
  secretsKeyFile: string;
  /** Held by the one service using the dir (store/data-dir-lock.ts). */
  lockFile: string;
  /** Holds each instance's scratch folder (its /tmp): the only place runners may write. */
  scratchRoot: string;
  scratch(instanceId: string): string;
}

export function pathsFor(dataDir: string): Paths {
  return {
    dataDir,
    documents: join(dataDir, 'runnel.json'),
    eventsDir: join(dataDir, 'events'),
    logsDir: join(dataDir, 'logs'),
    runsDir: join(dataDir, 'runs'),
    errorsDir: join(dataDir, 'errors'),
    sessionsFile: join(dataDir, 'sessions.json'),
    outboxDir: join(dataDir, 'outbox'),
    packagesDir: join(dataDir, 'packages'),
    dataStoresDir: join(dataDir, 'data-stores'),
    pausedDir: join(dataDir, 'paused'),
    apiKeyFile: join(dataDir, 'api-key'),
    secretsKeyFile: join(dataDir, 'secrets.key'),
    lockFile: join(dataDir, 'runnel.lock'),
    scratchRoot: join(dataDir, 'scratch'),
    scratch: (id) => join(dataDir, 'scratch', id),
  };
}

/** The platform's per-user data folder (e.g. ~/.local/share/runnel on Linux). */
export function defaultDataDir(): string {
  return envPaths('runnel', { suffix: '' }).data;
}
