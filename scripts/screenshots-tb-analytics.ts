/**
 * Screenshots of the Tuberculosis dashboard and report on the demo
 * laboratory's TB samples, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-tb-analytics.ts [out-dir]
 * (default out-dir: screenshots/; BASE_URL=http://… shoots a running server
 * instead of starting one). The report is also printed to PDF (desktop).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, signIn } from '../e2e/browser.js';
import { type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'ph_supervisor');
  if (new URL(page.url()).pathname === '/select-program') {
    // Tuberculosis is the first programme of the Yaba demo users
    await page.locator('.prog-tile').first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  await page
    .locator('.ant-notification-notice, .ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10000 })
    .catch(() => undefined);
  await page.goto('/programs/tb-dashboard');
  await page.getByTestId('tb-stat-rrTb').waitFor();
  await page.getByTestId('referral-summary').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await fullPage(page, out, `tb-dashboard-${device}-${lang}`);

  await page.goto('/programs/tb-report');
  await page.locator('.report-page .ant-table-row, .report-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await fullPage(page, out, `tb-report-${device}-${lang}`);
  if (device === 'desktop') {
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ path: path.join(out, `tb-report-print-${lang}.pdf`), format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
  }
  await context.close();
}

const running = process.env.BASE_URL;
if (running) {
  const browser = await launch();
  try {
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, running, lang, device);
  } finally {
    await browser.close();
  }
} else await shootEverywhere(shoot);
console.log(`Screenshots in ${out}`);
