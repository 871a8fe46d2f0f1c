/**
 * Screenshots of the EID and viral-load report pages (the line list of that
 * programme) on the demo laboratory's samples, desktop and phone, English and
 * Arabic:
 *   npm run build && npx tsx scripts/screenshots-reports.ts [out-dir]
 * (default out-dir: screenshots/).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  for (const [name, tile, url] of [
    // The tile's title is the programme's name in the interface language.
    ['eid', '.prog-tile[title*="EID"]', '/programs/eid-report'],
    ['vl', '.prog-tile[title="Viral Load"], .prog-tile[title="الحمل الفيروسي"]', '/programs/vl-report'],
  ] as const) {
    const context = await deviceContext(browser, baseURL, lang, device);
    const page = await context.newPage();
    await signIn(page, 'ph_data_analyst');
    if (new URL(page.url()).pathname === '/select-program') {
      await page.locator(tile).first().click();
      await page.locator('.prog__actions button').last().click();
      await page.waitForURL((u) => u.pathname !== '/select-program');
    }
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `report-${name}-${device}-${lang}.png`), fullPage: true });
    await context.close();
  }
}

await shootEverywhere(shoot);
