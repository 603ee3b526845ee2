import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_TTL_MS, Sessions } from '../../../src/main/server/sessions';
import { tempDir } from '../../helpers/temp-dir';

describe('web UI sessions', () => {
  it('expire after their time, also when read back by a restarted service', async () => {
    const clock = { t: 1_000_000, now() { return this.t; } };
    const file = join(tempDir('runnel-sessions-'), 'sessions.json');
    const first = new Sessions(clock, file);
    const id = first.exchange(first.issueToken())!;
    await first.flushed();
    expect(first.isSession(id)).toBe(true);

    clock.t += SESSION_TTL_MS - 1;
    expect(new Sessions(clock, file).isSession(id)).toBe(true);
    clock.t += 2;
    expect(first.isSession(id)).toBe(false);
    expect(new Sessions(clock, file).isSession(id)).toBe(false);
  });
});
