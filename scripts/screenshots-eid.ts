/**
 * Screenshots of the EID pages on the demo laboratory's EID samples, desktop
 * and phone, English and Arabic: the dashboard, the request form, the sample
 * whose PCR detected HIV-1 DNA (with its alert) and its PDF report:
 *   npm run build && npx tsx scripts/screenshots-eid.ts [out-dir]
 * (default out-dir: screenshots/; BASE_URL=http://… shoots a running server
 * instead of starting one). Render the PDF with `pdftoppm -png`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'ph_supervisor');
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile[title="EID"], .prog-tile[title$="(EID)"]').first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  await page
    .locator('.ant-notification-notice, .ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10000 })
    .catch(() => undefined);

  await page.goto('/programs/eid-dashboard');
  await page.getByTestId('eid-stat-awaiting').waitFor();
  await settle(page);
  await page.screenshot({ path: path.join(out, `eid-dashboard-${device}-${lang}.png`), fullPage: true });

  await page.goto('/programs/eid-manage-sample');
  await page.locator('.clin-page__extra button').first().waitFor();
  const search = page.locator('.clin-toolbar input').first();
  await search.fill('Adaeze');
  await page.locator('.clin-table tr.ant-table-row, .clin-card').first().waitFor();
  await settle(page);
  const row = page.locator('.clin-table tr.ant-table-row, .clin-card').first();
  await row.getByRole('button').last().click();
  await page.locator('.ant-dropdown-menu-item[data-menu-id$="-view"]').first().click();
  await page.getByTestId('headline-alert').waitFor();
  await settle(page);
  await page.getByTestId('headline-alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(out, `eid-sample-${device}-${lang}.png`) });
  await page.keyboard.press('Escape');

  await page.goto('/programs/eid-manage-sample');
  await page.locator('.clin-page__extra button').first().click();
  const request = page.locator('.clin-request-drawer');
  await request.locator('.request-form').first().waitFor();
  // a demo infant chosen, so the form shows the age in weeks; the page made tall enough for the whole form
  await request.locator('.ant-select').first().click();
  await page.keyboard.type('Kelechi');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await request.getByTestId('eid-infant-age').waitFor();
  await page.setViewportSize({ width: page.viewportSize()!.width, height: device === 'phone' ? 3400 : 2000 });
  await settle(page);
  await page.screenshot({ path: path.join(out, `eid-request-${device}-${lang}.png`) });
  await context.close();
}

/** The report PDF of the demo's detected sample, as the API serves it. */
async function report(baseURL: string) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ph_supervisor', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${baseURL}/api/eid_sample/?page=1&search=Adaeze`, { headers })).json()) as { results: { id: number }[] };
  const pdf = await fetch(`${baseURL}/api/eid_sample/${list.results[0]!.id}/report/`, { headers });
  writeFileSync(path.join(out, 'eid-report.pdf'), Buffer.from(await pdf.arrayBuffer()));
}

const running = process.env.BASE_URL;
if (running) {
  const browser = await launch();
  try {
    await report(running);
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, running, lang, device);
  } finally {
    await browser.close();
  }
} else await shootEverywhere(shoot, report);
console.log(`Screenshots in ${out}`);
