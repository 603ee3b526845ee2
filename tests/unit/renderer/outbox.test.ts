import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMessage } from '../../../src/shared/resources';
import { dispatchFrame } from '../../../src/renderer/src/store/feed-dispatch';
import { createAppStore } from '../../../src/renderer/src/store/index';
import { visibleMessages, workflowName } from '../../../src/renderer/src/features/outbox/outbox-view';

const msg = (id: string, ts: number, extra: Partial<OutboxMessage> = {}): OutboxMessage => ({ id, ts, to: 'you@localhost', subject: `Subject ${id}`, ...extra });
const workflows = [{ id: 'p_w', name: 'Mailer' }] as never[];

afterEach(() => vi.unstubAllGlobals());

describe('the outbox', () => {
  it('lists newest first and filters by subject, text or workflow name', () => {
    const list = [msg('a', 1), msg('b', 3, { text: 'disk full' }), msg('c', 2, { workflow_id: 'p_w' })];
    expect(visibleMessages(list, '', workflows).map((m) => m.id)).toEqual(['b', 'c', 'a']);
    expect(visibleMessages(list, 'DISK', workflows).map((m) => m.id)).toEqual(['b']);
    expect(visibleMessages(list, 'mailer', workflows).map((m) => m.id)).toEqual(['c']);
    expect(workflowName('p_w', workflows)).toBe('Mailer');
    expect(workflowName('p_gone', workflows)).toBe('p_gone');
  });

  it('is re-read when the account stream says the outbox changed', async () => {
    const messages = [msg('m1', 5)];
    vi.stubGlobal('fetch', async (path: string) =>
      path === '/v1/outbox' ? new Response(JSON.stringify({ data: messages })) : new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 }),
    );
    const store = createAppStore();
    dispatchFrame(store, { type: 'change', resource: 'outbox' });
    await vi.waitFor(() => expect(store.getState().loaded.outbox).toBe(true));
    expect(store.getState().outbox).toEqual(messages);
  });
});
