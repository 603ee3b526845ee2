// Entry of a runner child process (built to out/main/runner.js, forked by
// sandbox/client/runner-process.ts). `./lockdown` must stay the first import: it freezes the
// intrinsics before any other module of ours runs.
import './lockdown';
import { openChannel, sendToParent } from './channel';
import { loadComponent } from './component/load-component';
import { hardenHostSurface, hardenInstancePrototypes } from './host-hardening';
import { startMemoryWatchdog } from './memory-watchdog';
import { RunnerHost } from './runner-host';
import { installRelativeRealpath } from './scratch-root';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  installRelativeRealpath();
  hardenHostSurface();
  const host = new RunnerHost(sendToParent);
  openChannel((msg) => host.handle(msg));
  // Listening keeps Node from exiting on a component's stray rejection; the log says what it was.
  process.on('unhandledRejection', (reason) => host.reportUnhandledRejection(reason));

  await hardenInstancePrototypes();
  // On Linux the main process watches this runner's memory from outside (workers are denied
  // here); elsewhere a worker thread of its own does (started with --allow-worker).
  const watchdog = process.env.RUNNEL_MEMORY_WATCHDOG === 'runner' ? await startMemoryWatchdog() : undefined;
  // One throwaway compartment first, so the baseline includes SES's lazily built evaluators.
  loadComponent({ code: 'module.exports = {}', instanceId: '', scratchDir: undefined, sink: () => {} }).dispose();
  const baselineRss = process.memoryUsage.rss();
  const capMb = Number(process.env.RUNNEL_MEMORY_CAP_MB);
  if (capMb > 0) watchdog?.arm(baselineRss + capMb * MB);
  sendToParent({ type: 'ready', baselineRss });
}

main().catch((err: unknown) => {
  process.stderr.write(`runnel runner failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
