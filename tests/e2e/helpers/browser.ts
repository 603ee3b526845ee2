import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startService, type ServiceHandle, type StartOptions } from '../../helpers/service';

const CANDIDATES = [process.env.RUNNEL_CHROMIUM, '/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
export const ARTIFACTS = resolve('tests/e2e/artifacts');

/** Debian's Chromium (`apt-get install -y chromium`; `.ci/run` does it). */
export function chromiumPath(): string {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error(`No Chromium found (looked at ${CANDIDATES.join(', ')}). Install it with: apt-get install -y chromium, or set RUNNEL_CHROMIUM.`);
  return found;
}

export interface UiHandle {
  svc: ServiceHandle;
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far in this test. */
  consoleErrors: string[];
  /** Saves a screenshot of the page as tests/e2e/artifacts/<name>.png. */
  shot(name: string): Promise<void>;
  /** Opens a deep link such as `/sources/dc_x` (hash routing). */
  goto(route: string): Promise<void>;
}

/**
 * One real `runnel serve` (port 0, temp data dir) and one headless Chromium (Playwright gives it
 * a fresh profile) for a test file,
 * signed in through the one-time `Open …` link the service prints, exactly as a user would.
 * A fresh page per test; every test fails if the page logged a console error.
 */
export function useUi(o: StartOptions = {}): UiHandle {
  let browser: Browser;
  const handle = { consoleErrors: [] as string[] } as UiHandle;

  beforeAll(async () => {
    handle.svc = await startService(o);
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    handle.context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const first = await handle.context.newPage();
    const link = /^Open (\S+)$/m.exec(handle.svc.stdout())![1];
    await first.goto(link);
    await first.close();
  }, 60_000);

  beforeEach(async () => {
    handle.consoleErrors = [];
    handle.page = await handle.context.newPage();
    handle.page.setDefaultTimeout(20_000);
    handle.page.on('console', (m) => {
      // Chromium itself logs each 4xx answer; the page shows those to the user, journeys assert them.
      if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) handle.consoleErrors.push(m.text());
    });
    handle.page.on('pageerror', (e) => handle.consoleErrors.push(`pageerror: ${e.message}`));
    // Loading the page is not what a test checks: it may wait while the suite's other files
    // keep both cores busy (hostile components, memory bombs).
    await handle.page.goto(handle.svc.url + '/', { timeout: 60_000 });
    await handle.page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 60_000 });
  }, 90_000);

  afterEach(async () => {
    const errors = handle.consoleErrors;
    await handle.page?.close();
    expect(errors, 'console errors on the page').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await handle.svc?.stop();
  });

  handle.shot = async (name) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await handle.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
  };
  handle.goto = async (route) => {
    await handle.page.goto(`${handle.svc.url}/#${route}`);
  };
  return handle;
}
