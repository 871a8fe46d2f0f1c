/**
 * Screenshots of the dashboards drawn with the shared shell and chart kit (analytics/DashboardShell,
 * analytics/charts): General, TB, EID, viral load, public health and a tier disease's, desktop and phone, English
 * and Arabic, and each printed to PDF (desktop):
 *   npm run build && npx tsx scripts/screenshots-dashboards.ts [out-dir]
 * (default out-dir: screenshots/; LANG_ONLY=ar one language; SEGMENTS=1 also each page in screen-high pieces). Render a PDF with `pdftoppm -png`.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
const only = process.env.LANG_ONLY;

/** Each dashboard: who reads it, in which programme (its tile's title in English or Arabic), where, and a figure to wait for. */
const DASHBOARDS = [
  { name: 'general', user: 'clin_supervisor', programme: ['General', 'عام'], path: '/clinical/dashboard', ready: 'general-stat-approved' },
  { name: 'tb', user: 'ph_supervisor', programme: ['Tuberculosis', 'السل'], path: '/programs/tb-dashboard', ready: 'tb-stat-samples' },
  { name: 'eid', user: 'ph_supervisor', programme: ['EID', 'التشخيص المبكر للرضع (EID)'], path: '/programs/eid-dashboard', ready: 'eid-stat-awaiting' },
  { name: 'vl', user: 'ph_supervisor', programme: ['Viral Load', 'الحمل الفيروسي'], path: '/programs/vl-dashboard', ready: 'vl-stat-suppression' },
  { name: 'ph', user: 'ph_data_analyst', programme: ['Lassa Fever', 'حمى لاسا'], path: '/programs/ph-dashboard', ready: 'ph-stat-toNotify' },
  { name: 'tier', user: 'fed_tier', programme: null, path: '/dashboards/federal_tb', ready: 'tier-series' },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  if (only && lang !== only) return;
  for (const d of DASHBOARDS) {
    const context = await deviceContext(browser, baseURL, lang, device);
    const page = await context.newPage();
    await signIn(page, d.user);
    if (d.programme && new URL(page.url()).pathname === '/select-program') {
      await page
        .locator(d.programme.map((name) => `.prog-tile[title="${name}"]`).join(', '))
        .first()
        .click();
      await page.locator('.prog__actions button').last().click();
      await page.waitForURL((url) => url.pathname !== '/select-program');
    }
    await page
      .locator('.ant-notification-notice, .ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10000 })
      .catch(() => undefined);
    await page.goto(d.path);
    await page.getByTestId(d.ready).waitFor();
    await settle(page);
    await fullPage(page, out, `dash-${d.name}-${device}-${lang}`);
    if (device === 'desktop') {
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await page.waitForTimeout(300);
      await page.pdf({ path: path.join(out, `dash-${d.name}-print-${lang}.pdf`), format: 'A4', printBackground: true });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await page.emulateMedia({ media: 'screen' });
    }
    await context.close();
  }
}

await shootEverywhere(shoot);
console.log(`Screenshots in ${out}`);
