import { existsSync, readFileSync } from 'node:fs';
import type { StoreFile, StoreFs } from './store-fs';

/**
 * TEST ONLY: a store file system that runs out of space on demand, for the fault suite
 * (tests/hardening/faults.test.ts). `runnel serve` uses it only when RUNNEL_TEST_FS_FAULTS
 * names a control file; nothing else ever builds one.
 *
 * The control file is read before every write. Missing or empty: no fault. `enospc-after:<n>`:
 * from the moment that text appears, the store may write `n` more bytes; the write that
 * crosses the limit writes what fits and reports a short write (as a full disk does), and every
 * write after it fails with ENOSPC. Writing other text (or removing the file) ends the fault or
 * starts a new one.
 */
export function faultInjectingFs(base: StoreFs, controlFile: string): StoreFs {
  let seen = '';
  let left = Infinity;

  /** How many of `wanted` bytes the "disk" takes now; throws ENOSPC when it takes none. */
  const room = (wanted: number): number => {
    const text = existsSync(controlFile) ? readFileSync(controlFile, 'utf8').trim() : '';
    if (text !== seen) {
      seen = text;
      const m = /^enospc-after:(\d+)$/.exec(text);
      left = m ? Number(m[1]) : Infinity;
    }
    if (wanted === 0) return 0;
    if (left <= 0) throw Object.assign(new Error(`ENOSPC: no space left on device (injected by ${controlFile})`), { code: 'ENOSPC', errno: -28 });
    const took = Math.min(wanted, left);
    left -= took;
    return took;
  };

  const wrap = (file: StoreFile): StoreFile => ({
    async write(data) {
      const n = room(data.length);
      if (n === data.length) return file.write(data);
      const { bytesWritten } = await file.write(data.subarray(0, n));
      return { bytesWritten };
    },
    sync: () => file.sync(),
    truncate: (len) => file.truncate(len),
    stat: () => file.stat(),
    close: () => file.close(),
  });

  return {
    ...base,
    open: async (path, flags, mode) => wrap(await base.open(path, flags, mode)),
    async copyFile(from, to) {
      const size = (await base.readFile(from)).length;
      if (room(size) < size) throw Object.assign(new Error('ENOSPC: no space left on device (injected)'), { code: 'ENOSPC', errno: -28 });
      await base.copyFile(from, to);
    },
  };
}
