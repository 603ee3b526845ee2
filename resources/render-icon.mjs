// Renders resources/icon.svg to the 512×512 resources/icon.png electron-builder packs (every
// platform's icon is converted from it). Run once after editing the SVG:
//   node resources/render-icon.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('./icon.svg', import.meta.url), 'utf8').replace('<svg ', '<svg width="512" height="512" ');
const browser = await chromium.launch({
  executablePath: process.env.RUNNEL_CHROMIUM || '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--headless'],
});
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: new URL('./icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}
