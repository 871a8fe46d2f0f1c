/**
 * Screenshots of the main pages, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots.ts [out-dir]
 * (default out-dir: screenshots/, not committed).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, signIn } from '../e2e/browser.js';
import { removeDir, startServer } from '../e2e/server.js';

const out = path.resolve(process.argv[2] ?? 'screenshots');
mkdirSync(out, { recursive: true });

const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 375, height: 740 } } as const;

async function shoot(browser: Browser, baseURL: string, lang: string, device: keyof typeof VIEWPORTS) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[device], isMobile: device === 'phone', serviceWorkers: 'block' });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const snap = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(out, `${name}-${device}-${lang}.png`), fullPage: name === 'landing' });
  };
  await page.goto('/');
  await snap('landing');
  await page.goto('/signin');
  await snap('signin');
  await signIn(page, 'ph_supervisor');
  await snap('select-program');
  await page.locator('.prog-tile').first().click();
  await page.locator('.prog__actions button').last().click();
  await page.waitForURL('**/programs/**');
  // let the sign-in and programme notices close first
  await page.locator('.ant-notification-notice, .ant-message-notice').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
  await snap('layout');
  await context.close();
}

const server = await startServer();
const browser = await launch();
try {
  for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, server.url, lang, device);
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
  removeDir(server.dataDir);
}
