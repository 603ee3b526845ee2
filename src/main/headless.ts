import { servicesDir } from './config/running-services';
import { consoleLogger } from './logger';
import { systemClock } from './scheduler/clock';
import { startService, type RunningService } from './service';
import { faultInjectingFs } from './store/fault-injecting-fs';
import { nodeStoreFs } from './store/store-fs';

export interface HeadlessOptions {
  dataDir: string;
  host: string;
  port: number;
  allowedHosts: string[];
  /** How many JavaScript runner processes (default 4). */
  maxRunners?: number;
  runnerEntry: string;
  uiDir?: string;
  registryDir?: string;
}

/**
 * `runnel serve`: the whole service under plain Node, no window. Prints the listening line
 * first (scripts and tests wait for it), then where the API key is.
 */
export async function serveHeadless(o: HeadlessOptions): Promise<RunningService> {
  const logger = consoleLogger(process.stderr);
  // Test only (tests/hardening/faults.test.ts): a control file that makes store writes fail as on a full disk.
  const faults = process.env.RUNNEL_TEST_FS_FAULTS;
  if (faults) logger.warn(`RUNNEL_TEST_FS_FAULTS is set: store writes fail on demand through ${faults} (for tests only)`);
  const service = await startService({
    ...o,
    // Bench only (bench/run.js measures what the OS wall costs): runners get SES alone.
    osWall: process.env.RUNNEL_BENCH_ONLY_NO_OS_WALL !== '1',
    storeFs: faults ? faultInjectingFs(nodeStoreFs, faults) : undefined,
    apiKeyFromEnv: process.env.RUNNEL_API_KEY,
    announceDir: servicesDir(),
    secretsKeyFromEnv: process.env.RUNNEL_SECRETS_KEY,
    clock: systemClock,
    logger,
  });
  process.stdout.write(`Runnel listening on ${service.url}\n`);
  process.stdout.write(`Open ${service.openUrl()}\n`);
  process.stdout.write(
    service.apiKeySource === 'env'
      ? 'API key: taken from RUNNEL_API_KEY\n'
      : `API key: in ${service.paths.apiKeyFile} (send it as "Authorization: Bearer <key>")\n`,
  );
  process.stdout.write(`Data directory: ${service.paths.dataDir}\n`);
  // Once each: a second Ctrl-C stops at once, without waiting for the accepted runs.
  const stop = (signal: string) => {
    logger.info(`${signal}: shutting down (${signal} again stops at once)`);
    service.close().then(
      () => process.exit(0),
      (err) => {
        logger.error('shutdown failed', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return service;
}
