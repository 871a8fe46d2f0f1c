/**
 * Screenshots of the public-health pages on the demo laboratory's Lassa fever
 * samples, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-ph.ts [out-dir]
 * (default out-dir: screenshots/): the case-investigation form in the New
 * request drawer, the programme dashboard, the to-notify list, the line list,
 * the retest worklist, and (once) the PDF report of a notifiable positive.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();
/** The Lassa fever tile, in English or Arabic. */
const LASSA_TILE = /Lassa|لاسا/;

async function phPage(browser: Browser, baseURL: string, lang: string, device: Device, user: string): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, user);
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile', { hasText: LASSA_TILE }).first().click();
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
  const file = (name: string) => path.join(out, `ph-${name}-${device}-${lang}.png`);

  const reception = await phPage(browser, baseURL, lang, device, 'ph_receptionist');
  await reception.goto('/programs/ph-manage-sample');
  await settle(reception);
  await reception.screenshot({ path: file('manage-sample') });
  await reception.locator('.clin-page button.ant-btn-primary').first().click();
  const drawer = reception.locator('.clin-request-drawer');
  await drawer.waitFor();
  await settle(reception);
  await drawer.locator('.request-form').first().scrollIntoViewIfNeeded();
  await reception.screenshot({ path: file('case-form'), fullPage: false });
  await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  await reception.screenshot({ path: file('case-form-2') });
  await reception.goto('/programs/ph-rejected-sample');
  await settle(reception);
  await reception.screenshot({ path: file('rejected') });
  await reception.context().close();

  const analyst = await phPage(browser, baseURL, lang, device, 'ph_data_analyst');
  for (const [name, url] of [
    ['dashboard', '/programs/ph-dashboard'],
    ['notify', '/programs/ph-notify'],
    ['line-list', '/reports/ph-report'],
  ] as const) {
    await analyst.goto(url);
    await settle(analyst);
    await analyst.screenshot({ path: file(name), fullPage: true });
  }
  await analyst.context().close();

  const lab = await phPage(browser, baseURL, lang, device, 'ph_analyst');
  await lab.goto('/programs/ph-retest');
  await settle(lab);
  await lab.locator('.entry-samples .ant-collapse-header').first().click();
  await settle(lab);
  await lab.screenshot({ path: file('retest'), fullPage: true });
  await lab.context().close();
}

/** The PDF report of the demo's released Lassa positive. */
async function report(baseURL: string) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ph_supervisor', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${baseURL}/api/public_health_notify/?page=1&notified=true`, { headers })).json()) as { results: { id: number }[] };
  const id = list.results[0]?.id;
  if (id == null) return;
  const pdf = await fetch(`${baseURL}/api/public_health_sample/${id}/report/`, { headers });
  writeFileSync(path.join(out, 'ph-report.pdf'), Buffer.from(await pdf.arrayBuffer()));
}

await shootEverywhere(shoot, report);
