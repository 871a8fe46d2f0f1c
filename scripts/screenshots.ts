/**
 * Screenshots of the main pages, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots.ts [out-dir]
 * (default out-dir: screenshots/, not committed).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { deviceContext, outDir, shootEverywhere, type Device } from './shots.js';

const out = outDir();

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
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
  await page
    .locator('.ant-notification-notice, .ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10000 })
    .catch(() => undefined);
  await page.waitForTimeout(1500);
  await snap('layout');
  await context.close();
}

await shootEverywhere(shoot);
console.log(`Screenshots in ${out}`);
