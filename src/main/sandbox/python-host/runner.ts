// Entry of a Python runner child process (built to out/main/python-runner.js, started by the
// Python RunnerPool behind the same OS wall as JavaScript runners, without the scratch root:
// Python's files are the interpreter's own, in memory). It speaks the runner protocol
// (../protocol.ts) for `invoke` jobs of Python workflow steps, one at a time. No SES here:
// Pyodide's generated code changes built-ins while it loads; the realm is closed after that
// (realm-walls.ts).
import { installNodeStandIns, closeRealm } from './realm-walls';
import { openChannel, sendToParent, type Send } from '../host/channel';
import { DataStoreClient } from '../host/data-store-client';
import type { ParentMessage, RunnerMessage } from '../protocol';
import { Interpreters } from './interpreter';
import { runPythonStep } from './run-step';

let job = 0;
let interpreters: Interpreters | undefined;
const FINAL = new Set<RunnerMessage['type']>(['result', 'inspected', 'configured']);

const send: Send = (msg) => {
  sendToParent(msg);
  if (FINAL.has(msg.type)) {
    const id = (msg as { id: number }).id;
    job = 0;
    setImmediate(() => {
      sendToParent({ type: 'idle', id });
      // The next workflow's interpreter, made while nothing waits (a job that comes meanwhile
      // waits for it, and then uses it).
      if (!job) interpreters?.prepareSpare();
    });
  }
};

function refuse(msg: ParentMessage & { id: number }, what: string): void {
  const error = { name: 'Error', message: `Runnel: ${what} is not available for Python code` };
  if (msg.type === 'inspect') send({ type: 'inspected', id: msg.id, ok: false, error });
  else if (msg.type === 'configure') send({ type: 'configured', id: msg.id, ok: false, error });
}

async function main(): Promise<void> {
  installNodeStandIns();
  interpreters = new Interpreters((stream, line) => {
    if (job) sendToParent({ type: 'log', id: job, stream, line, ts: Date.now() });
  });
  await interpreters.load();
  closeRealm();
  // The first workflow's interpreter is made before `ready`, so a step's deadline counts its
  // own code, not the runner's start.
  await interpreters.prepareSpare();
  const dataStores = new DataStoreClient(send);
  openChannel((msg) => {
    switch (msg.type) {
      case 'invoke':
        job = msg.id;
        void runPythonStep(msg.id, msg.request, { interpreters: interpreters!, dataStores, send });
        return;
      case 'inspect':
        return refuse(msg, 'inspect');
      case 'configure':
        return refuse(msg, 'configure');
      case 'ds-result':
        return dataStores.settle(msg);
      case 'forget':
        return;
    }
  });
  sendToParent({ type: 'ready', baselineRss: process.memoryUsage.rss() });
}

main().catch((err: unknown) => {
  process.stderr.write(`runnel python runner failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
