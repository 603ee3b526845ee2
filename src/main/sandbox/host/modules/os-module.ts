// `os` for components: facts a library may reasonably read (platform, CPU count, memory) and
// nothing that changes the host (setPriority) or describes the user (userInfo, homedir,
// network interfaces). Paths point at the component's `/tmp`.
import os from 'node:os';
import { VIRTUAL_ROOT } from './scratch-paths';

/** Built once per runner: it holds no per-component state, so sharing a frozen copy is safe. */
export function makeOsModule(): Readonly<Record<string, unknown>> {
  const deepFreeze = <T>(v: T): T => {
    if (typeof v === 'object' && v !== null) {
      for (const k of Reflect.ownKeys(v)) deepFreeze((v as Record<PropertyKey, unknown>)[k]);
      Object.freeze(v);
    }
    return v;
  };
  return Object.freeze({
    EOL: os.EOL,
    devNull: os.devNull,
    constants: deepFreeze(structuredClone(os.constants)),
    arch: () => os.arch(),
    availableParallelism: () => os.availableParallelism(),
    cpus: () => os.cpus(),
    endianness: () => os.endianness(),
    freemem: () => os.freemem(),
    hostname: () => os.hostname(),
    loadavg: () => os.loadavg(),
    machine: () => os.machine(),
    platform: () => os.platform(),
    release: () => os.release(),
    totalmem: () => os.totalmem(),
    type: () => os.type(),
    uptime: () => os.uptime(),
    version: () => os.version(),
    tmpdir: () => VIRTUAL_ROOT,
    homedir: () => VIRTUAL_ROOT,
  });
}
