/**
 * Screenshots of the viral-load pages on the demo laboratory's VL samples,
 * desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-vl.ts [out-dir]
 * The request form (New request drawer), result entry with a sample's copies
 * open (the censored forms' hint), the demo's unsuppressed sample with its
 * alert and repeat request, the dashboard, and the released sample's report
 * as a PDF (rendered to PNG with `pdftoppm` when it is installed).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { apiAs, deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();
let unsuppressed = { id: 0, barcode: '' };
let entered = '';

async function prepare(baseURL: string) {
  const get = await apiAs(baseURL, 'ph_supervisor');
  const list = await get<{ results: { id: number; barcode: string; status: number }[] }>('GET', '/api/vl_sample/?page=1&page_size=50');
  for (const row of list.results) {
    const detail = await get<{ tests: { status: number; result: { flag: string | null; status: number } | null }[] }>('GET', `/api/vl_sample/${row.id}/`);
    if (detail.tests.some((x) => x.result?.flag === 'UNSUPPRESSED' && x.result.status === 7)) unsuppressed = { id: row.id, barcode: row.barcode };
    if (row.status === 3) entered = row.barcode;
  }
  // The report of the unsuppressed sample, as a PDF and its first page as PNG.
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ph_supervisor', password: 'Demo@12345' }),
  });
  const { token } = (await login.json()) as { token: string };
  const pdf = Buffer.from(
    await (await fetch(`${baseURL}/api/vl_sample/${unsuppressed.id}/report/`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
  );
  const file = path.join(out, 'vl-report.pdf');
  writeFileSync(file, pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, path.join(out, 'vl-report')]);
  } catch {
    // pdftoppm is optional
  }
}

async function vlPage(browser: Browser, baseURL: string, lang: string, device: Device, user: string): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, user);
  if (new URL(page.url()).pathname === '/select-program') {
    await page
      .locator('.prog-tile', { hasText: lang === 'en' ? 'Viral Load' : /Viral|الحمل/ })
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
  return page;
}

const settle = (page: Page) => page.waitForLoadState('networkidle').then(() => page.waitForTimeout(400));

await shootEverywhere(async (browser, baseURL, lang, device) => {
  const name = (what: string) => path.join(out, `vl-${what}-${lang}-${device}.png`);
  const page = await vlPage(browser, baseURL, lang, device, 'ph_supervisor');
  // the request form
  await page.goto('/programs/vl-manage-sample');
  await settle(page);
  await page.locator('.clin-page__extra button').first().click();
  await page.locator('.clin-request-drawer .request-form').first().waitFor();
  await settle(page);
  await page.screenshot({ path: name('request-form') });
  await page.locator('.clin-request-drawer .ant-drawer-body').evaluate((el) => el.scrollTo(0, 600));
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('request-form-2') });
  await page.keyboard.press('Escape');
  // the unsuppressed sample: alert, classification, repeat request
  await page.goto('/programs/vl-manage-sample');
  await settle(page);
  await page.locator('.clin-toolbar input').first().fill(unsuppressed.barcode);
  await settle(page);
  await page.locator('.clin-table tr.ant-table-row, .clin-card').first().locator('.ant-dropdown-trigger').click();
  await page.locator('.ant-dropdown-menu-item[data-menu-id$="view"]').click();
  await page.locator('.ant-drawer [data-testid=vl-alert]').waitFor();
  await settle(page);
  await page.screenshot({ path: name('sample-alert') });
  await page.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('sample-alert-2') });
  // result entry with a sample open
  await page.goto('/programs/vl-manual-result');
  await settle(page);
  await page.locator('.entry-samples .ant-collapse-header').first().click();
  await page.locator('.entry-test').first().waitFor();
  await settle(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: name('entry'), fullPage: true });
  // the dashboard
  await page.goto('/programs/vl-dashboard');
  await page.locator('[data-testid=vl-stat-suppression]').waitFor();
  await settle(page);
  await page.screenshot({ path: name('dashboard'), fullPage: true });
  await page.context().close();
}, prepare);
console.log(`unsuppressed ${unsuppressed.barcode}, entered ${entered}; screenshots in ${out}`);
