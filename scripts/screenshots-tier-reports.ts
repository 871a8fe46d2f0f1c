/**
 * Screenshots of /reports: a state official's aggregated report (Lagos) and a
 * facility supervisor's hub, desktop and phone, English and Arabic; and the
 * report printed to PDF on A4:
 *   npm run build && npx tsx scripts/screenshots-tier-reports.ts [out-dir]
 * (default out-dir: screenshots/).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'lagos_tier');
  await page.goto('/reports?family=tb');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `tier-report-${device}-${lang}.png`), fullPage: true });
  if (device === 'desktop' && lang === 'en') {
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: path.join(out, 'tier-report-print.png'), fullPage: true });
    await page.pdf({ path: path.join(out, 'tier-report.pdf'), preferCSSPageSize: true, printBackground: true });
  }
  await context.close();

  const staff = await deviceContext(browser, baseURL, lang, device);
  const hub = await staff.newPage();
  await signIn(hub, 'clin_supervisor');
  if (new URL(hub.url()).pathname === '/select-program') {
    await hub.locator('.prog-tile').first().click();
    await hub.locator('.prog__actions button').last().click();
    await hub.waitForURL((u) => u.pathname !== '/select-program');
  }
  await hub.goto('/reports');
  await hub.waitForLoadState('networkidle');
  await hub.waitForTimeout(500);
  await hub.screenshot({ path: path.join(out, `reports-hub-${device}-${lang}.png`), fullPage: true });
  await staff.close();
}

await shootEverywhere(shoot);
