// The Electron glue (app/ipc.ts, app/hardening.ts) and the built preload, run against a stub of
// the electron module: the real binary can never start on these machines (TOOLCHAIN.md).
import { existsSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const stub = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  opened: [] as string[],
  openedPaths: [] as string[],
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) => stub.handlers.set(channel, fn),
    removeHandler: (channel: string) => stub.handlers.delete(channel),
  },
  shell: {
    openExternal: async (url: string) => void stub.opened.push(url),
    openPath: async (path: string) => (stub.openedPaths.push(path), ''),
  },
}));

const { registerIpc } = await import('../../src/main/app/ipc');
const { hardenContents, hardenSession } = await import('../../src/main/app/hardening');
const { IPC } = await import('../../src/main/app/ipc-channels');
const { UI_CSP, WEBHOOK_CSP } = await import('../../src/main/app/csp');

const origin = 'http://127.0.0.1:43117';
const fromUi = { senderFrame: { url: `${origin}/?token=t#/sources` } };
const fromElsewhere = { senderFrame: { url: 'https://evil.test/' } };

beforeEach(() => {
  stub.handlers.clear();
  stub.opened.length = 0;
  stub.openedPaths.length = 0;
});

describe('IPC handlers', () => {
  it('serve the UI frame and refuse any other sender before doing anything', async () => {
    const dispose = registerIpc({ origin, dataDir: '/data/runnel' });
    expect([...stub.handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
    const open = stub.handlers.get(IPC.openExternal)!;
    const reveal = stub.handlers.get(IPC.revealDataDir)!;

    await open(fromUi, 'https://pipedream.com/docs');
    await reveal(fromUi);
    expect(stub.opened).toEqual(['https://pipedream.com/docs']);
    expect(stub.openedPaths).toEqual(['/data/runnel']);

    for (const event of [fromElsewhere, { senderFrame: null }, {}]) {
      expect(() => open(event, 'https://pipedream.com/')).toThrow(/does not come from the Runnel UI/);
      expect(() => reveal(event)).toThrow(/does not come from the Runnel UI/);
    }
    expect(stub.opened).toHaveLength(1);
    expect(stub.openedPaths).toHaveLength(1);

    dispose();
    expect(stub.handlers.size).toBe(0);
  });

  it('open only http(s) links, even from the UI', async () => {
    registerIpc({ origin, dataDir: '/data/runnel' });
    const open = stub.handlers.get(IPC.openExternal)!;
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://x/y', 42]) {
      await expect(open(fromUi, url)).rejects.toThrow(/only http\(s\) links/);
    }
    expect(stub.opened).toEqual([]);
  });
});

/** A fake WebContents recording listeners and the window-open handler. */
function fakeContents() {
  const on = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
  let openHandler: (d: { url: string }) => { action: string } = () => ({ action: 'allow' });
  return {
    contents: {
      on: (name: string, fn: (event: { preventDefault(): void }, url?: string) => void) => on.set(name, fn),
      setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn),
    },
    /** Fires `name`; true when the listener prevented it. */
    fire(name: string, url?: string): boolean {
      let prevented = false;
      on.get(name)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    },
    open: (url: string) => openHandler({ url }),
  };
}

describe('hardenContents', () => {
  it('keeps navigation and redirects on the service origin', () => {
    const c = fakeContents();
    hardenContents(c.contents as never, origin);
    expect(c.fire('will-navigate', `${origin}/#/workflows`)).toBe(false);
    expect(c.fire('will-navigate', 'https://evil.test/')).toBe(true);
    expect(c.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(c.fire('will-navigate', `${origin}/e/AbCdEfGhIjKlMnOpQrStUv`)).toBe(true);
    expect(c.fire('will-redirect', `${origin}/`)).toBe(false);
    expect(c.fire('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
  });

  it('refuses every <webview> and every new window, sending http(s) links to the OS browser', () => {
    const c = fakeContents();
    hardenContents(c.contents as never, origin);
    expect(c.fire('will-attach-webview')).toBe(true);
    expect(c.open('https://pipedream.com/')).toEqual({ action: 'deny' });
    expect(c.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(c.open(`${origin}/#/sources`)).toEqual({ action: 'deny' });
    expect(stub.opened).toEqual(['https://pipedream.com/', `${origin}/#/sources`]);
  });
});

describe('hardenSession', () => {
  it('refuses every permission, adds the CSP to UI responses that lack one and sandboxes webhook answers', () => {
    let request: (wc: unknown, permission: string, done: (ok: boolean) => void) => void = () => {};
    let check: () => boolean = () => true;
    let filter: { urls: string[] } | undefined;
    let onHeaders: (details: { url: string; responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void = () => {};
    hardenSession(
      {
        setPermissionRequestHandler: (fn: typeof request) => (request = fn),
        setPermissionCheckHandler: (fn: typeof check) => (check = fn),
        webRequest: { onHeadersReceived: (f: typeof filter, fn: typeof onHeaders) => ((filter = f), (onHeaders = fn)) },
      } as never,
      origin,
    );
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'clipboard-read', 'geolocation']) request(null, p, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false]);
    expect(check()).toBe(false);

    expect(filter).toEqual({ urls: [`${origin}/*`] });
    let headers: Record<string, string[]> | undefined;
    onHeaders({ url: `${origin}/`, responseHeaders: { 'content-type': ['text/html'] } }, (r) => (headers = r.responseHeaders));
    expect(headers).toEqual({ 'content-type': ['text/html'], 'content-security-policy': [UI_CSP] });
    onHeaders({ url: `${origin}/`, responseHeaders: { 'Content-Security-Policy': [UI_CSP] } }, (r) => (headers = r.responseHeaders));
    expect(headers).toEqual({ 'Content-Security-Policy': [UI_CSP] });
    // A component answering a webhook may send its own lax policy; the sandbox goes on top.
    const lax = "script-src 'unsafe-inline'";
    onHeaders({ url: `${origin}/e/AbCdEfGhIjKlMnOpQrStUv`, responseHeaders: { 'content-type': ['text/html'], 'Content-Security-Policy': [lax] } }, (r) => (headers = r.responseHeaders));
    expect(headers).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': [lax, WEBHOOK_CSP] });
  });
});

describe('the built preload (out/preload/index.cjs)', () => {
  it('is CommonJS needing only contextBridge and ipcRenderer, and exposes named functions only', async () => {
    const file = 'out/preload/index.cjs';
    expect(existsSync(file), 'built by npm run build').toBe(true);
    const source = readFileSync(file, 'utf8');
    expect(source).not.toMatch(/^\s*(import|export)\s/m);

    const exposed = new Map<string, Record<string, unknown>>();
    const invoked: unknown[][] = [];
    const required: string[] = [];
    const electron = new Proxy(
      {
        contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api) },
        ipcRenderer: { invoke: async (...args: unknown[]) => void invoked.push(args) },
      } as Record<string, unknown>,
      {
        get(target, name) {
          if (typeof name === 'string' && !(name in target)) throw new Error(`the preload used electron.${name}, which a sandboxed preload does not have`);
          return target[name as string];
        },
      },
    );
    const require = (id: string) => {
      required.push(id);
      if (id !== 'electron') throw new Error(`a sandboxed preload cannot require ${id}`);
      return electron;
    };
    const module = { exports: {} };
    runInNewContext(source, { require, module, exports: module.exports });

    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['runnelDesktop']);
    const api = exposed.get('runnelDesktop')!;
    expect(Object.keys(api).sort()).toEqual(['isDesktop', 'openExternal', 'revealDataDir']);
    expect(api.isDesktop).toBe(true);
    for (const value of Object.values(api)) expect(value === true || typeof value === 'function').toBe(true);
    expect(Object.values(api)).not.toContain(electron.ipcRenderer);

    await (api.openExternal as (u: string) => Promise<void>)('https://pipedream.com/');
    await (api.revealDataDir as () => Promise<void>)();
    expect(invoked).toEqual([[IPC.openExternal, 'https://pipedream.com/'], [IPC.revealDataDir]]);
  });
});
