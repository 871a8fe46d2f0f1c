/**
 * Screenshots of the viral-load worksheets at Yaba (the demo's open and archived m2000 plates, and a new plate
 * from the workplan), desktop and phone, English and Arabic; and the archived plate map as a PDF:
 *   npm run build && npx tsx scripts/screenshots-worksheets.ts [out-dir]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
const PROGRAMME_NAME: Record<string, string> = Object.fromEntries(
  ['en', 'ar'].map((lang) => [
    lang,
    (JSON.parse(readFileSync(path.resolve(`packages/i18n/locales/${lang}/app.json`), 'utf8')) as Record<string, string>)['program.Viral Load']!,
  ]),
);
let printed = false;

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'ph_analyst');
  if (new URL(page.url()).pathname === '/select-program') {
    // the programme's tile by its name in the interface language
    await page.locator(`.prog-tile[title="${PROGRAMME_NAME[lang]}"]`).first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  await page.goto('/programs/vl-worksheet');
  await page.locator('.ws-link').first().click();
  await page.locator('.ws-plate').waitFor();
  await page.waitForTimeout(500);
  await fullPage(page, out, `ws-open-${device}-${lang}`);
  await page.goto('/programs/vl-worksheet?tab=new');
  await page.locator('.ws-builder .ws-plate').waitFor();
  await page.waitForTimeout(500);
  await fullPage(page, out, `ws-new-${device}-${lang}`);
  await page.goto('/programs/vl-worksheet-archive');
  await page.locator('.ws-link').first().click();
  await page.locator('.ws-plate').waitFor();
  await page.waitForTimeout(500);
  await fullPage(page, out, `ws-archived-${device}-${lang}`);
  if (!printed) {
    printed = true;
    const id = new URL(page.url()).searchParams.get('worksheet');
    const login = await fetch(`${baseURL}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ph_analyst', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const pdf = await fetch(`${baseURL}/api/worksheet/${id}/plate.pdf`, { headers: { authorization: `Bearer ${token}` } });
    writeFileSync(path.join(out, 'ws-plate.pdf'), Buffer.from(await pdf.arrayBuffer()));
  }
  await context.close();
}

await shootEverywhere(shoot);
console.log(`Screenshots in ${out}`);
