/**
 * Screenshots of the Tuberculosis sample and result pages on the demo
 * laboratory's TB samples, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-tb.ts [out-dir]
 * (default out-dir: screenshots/). The manage-sample page is shot with its
 * New request drawer open, result entry with a sample expanded, and the
 * detail of the demo's RR-TB sample with its follow-on offer.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();
/** The label of the demo's RR-TB sample (Xpert: MTB detected, rifampicin resistance detected). */
let rrTb = '';

async function findRrTb(baseURL: string) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ph_supervisor', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async <T>(url: string) => (await (await fetch(`${baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const list = await get<{ results: { id: number; barcode: string }[] }>('/api/tb_sample/?page=1&page_size=50');
  for (const row of list.results) {
    const detail = await get<{ tests: { result: { flag: string | null } | null }[] }>(`/api/tb_sample/${row.id}/`);
    if (detail.tests.some((x) => x.result?.flag === 'RR-TB')) rrTb = row.barcode;
  }
}

async function tbPage(browser: Browser, baseURL: string, lang: string, device: Device, user: string): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, user);
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
  return page;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(700);
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const file = (name: string) => path.join(out, `tb-${name}-${device}-${lang}.png`);

  const reception = await tbPage(browser, baseURL, lang, device, 'ph_receptionist');
  await reception.goto('/programs/tb-manage-sample');
  await settle(reception);
  await reception.screenshot({ path: file('manage-sample'), fullPage: true });
  await reception.locator('.clin-page__extra button').first().click();
  await reception.locator('#form_patient_category').waitFor();
  await settle(reception);
  await reception.screenshot({ path: file('new-request') });
  await reception.locator('.clin-request-drawer .ant-drawer-body').evaluate((el) => el.scrollTo(0, 520));
  await reception.waitForTimeout(300);
  await reception.screenshot({ path: file('new-request-tests') });
  await reception.keyboard.press('Escape');
  await reception.goto('/programs/tb-sample-reception');
  await settle(reception);
  await reception.screenshot({ path: file('sample-reception'), fullPage: true });
  await reception.context().close();

  const analyst = await tbPage(browser, baseURL, lang, device, 'ph_analyst');
  await analyst.goto('/programs/tb-manual-result');
  await settle(analyst);
  await analyst.locator('.entry-samples .ant-collapse-header').first().click();
  await analyst.locator('.entry-test').first().waitFor();
  await settle(analyst);
  await analyst.screenshot({ path: file('manual-result'), fullPage: true });
  await analyst.context().close();

  const supervisor = await tbPage(browser, baseURL, lang, device, 'ph_supervisor');
  await supervisor.goto('/programs/tb-approve-results');
  await settle(supervisor);
  await supervisor.screenshot({ path: file('approve-results'), fullPage: true });
  // the demo's RR-TB sample: its detail, with the follow-on tests offered
  await supervisor.goto('/programs/tb-manage-sample');
  await settle(supervisor);
  await supervisor.locator('.clin-toolbar input').first().fill(rrTb);
  await settle(supervisor);
  const more = supervisor.locator('.clin-table tr.ant-table-row, .clin-card').first().locator('.ant-dropdown-trigger');
  if (await more.count()) {
    await more.click();
    await supervisor.locator('.ant-dropdown-menu-item[data-menu-id$="view"]').click();
    await supervisor.locator('.ant-drawer-body .ant-descriptions').first().waitFor();
    await settle(supervisor);
    await supervisor.screenshot({ path: file('sample-detail') });
    await supervisor.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await supervisor.waitForTimeout(300);
    await supervisor.screenshot({ path: file('sample-detail-results') });
  }
  await supervisor.context().close();
}

await shootEverywhere(shoot, findRrTb);
console.log(`Screenshots in ${out}`);
