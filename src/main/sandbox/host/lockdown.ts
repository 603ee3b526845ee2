// Imported first by runner.ts so that lockdown() runs before any of our own modules execute:
// it freezes the shared JavaScript intrinsics (Object.prototype, Array.prototype, ...) that
// every Compartment sees, which is what keeps one component from poisoning another's realm.
import 'ses';

// Small Buffers otherwise share one 8 KB pool: `Buffer.from('x').buffer` would expose bytes
// other components (or the runner) put there a moment ago. lockdown() freezes Buffer (SES
// treats it as a host intrinsic), so this must come first.
(Buffer as unknown as { poolSize: number }).poolSize = 0;

lockdown({
  // Keep real V8 stacks and messages: components are the user's own code, and a stack they
  // can read is worth more here than hiding host frames (which we trim when serializing).
  errorTaming: 'unsafe',
  // Node libraries assign to properties that lockdown makes read-only on prototypes
  // (`obj.constructor = ...`, `err.name = ...`); 'severe' turns those into override setters.
  overrideTaming: 'severe',
  // The defaults exit the process on an uncaught error or rejection. One component's stray
  // promise must not take down the runner and every other component on it.
  errorTrapping: 'report',
  // runner.ts installs its own handler, which files the rejection in the component's log.
  unhandledRejectionTrapping: 'none',
  consoleTaming: 'unsafe',
  stackFiltering: 'verbose',
});
