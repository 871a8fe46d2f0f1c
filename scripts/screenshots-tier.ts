/**
 * Screenshots of the officials' dashboards: the priority diseases of the
 * federal, Lagos and Ikeja officials and a disease dashboard of each level,
 * desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-tier.ts [out-dir]
 * (default out-dir: screenshots/).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';

const out = outDir();
const VIEWS: [user: string, name: string, url: string][] = [
  ['fed_tier', 'federal-priority', '/dashboards/public/priority_diseases'],
  ['fed_tier', 'federal-malaria', '/dashboards/federal_malaria'],
  ['lagos_tier', 'lagos-hiv', '/dashboards/state_hiv'],
  ['ikeja_tier', 'ikeja-priority', '/dashboards/public/priority_diseases'],
];

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  for (const [user, name, url] of VIEWS) {
    const context = await deviceContext(browser, baseURL, lang, device);
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: path.join(out, `tier-${name}-${device}-${lang}.png`), fullPage: true });
    await context.close();
  }
}

await shootEverywhere(shoot);
