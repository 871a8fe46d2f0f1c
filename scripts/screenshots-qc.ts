/**
 * Screenshots of the quality-control page (General): a glucose control of two levels with a fortnight of runs, one
 * rejected, desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-qc.ts [out-dir]
 */
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/browser.js';
import { apiAs, type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
let seeded = false;

async function seed(baseURL: string) {
  if (seeded) return;
  seeded = true;
  const admin = await apiAs(baseURL, 'clin_admin');
  const tests = await admin<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const glucose = tests.find((x) => x.code === 'FBG')!.id;
  const ids: number[] = [];
  for (const [level, mean, sd] of [
    ['normal', 5.2, 0.2],
    ['high', 16.5, 0.5],
  ] as const)
    ids.push(
      (
        await admin<{ id: number }>('POST', '/api/qc_test_config/', {
          test_type: glucose,
          name: `Glucose control ${level}`,
          lot_number: 'GLU-2611',
          expiry_date: '2030-12-31',
          level,
          target_mean: mean,
          target_sd: sd,
          unit: 'mmol/L',
        })
      ).id,
    );
  const analyst = await apiAs(baseURL, 'clin_analyst');
  // a fortnight of mornings, the tenth 3.4 SD high on the high level
  const zs = [0.3, -0.5, 0.8, 1.2, -0.2, 0.1, -1.1, 0.6, 1.5, 3.4, 0.2, -0.4, 0.9, -0.7];
  for (const [i, z] of zs.entries()) {
    const day = new Date(Date.now() - (zs.length - i) * 86_400_000);
    await analyst('POST', '/api/qc_run/', {
      run_at: day.toISOString(),
      results: [
        { material: ids[0], value: Math.round((5.2 + (z / 2) * 0.2) * 100) / 100 },
        { material: ids[1], value: Math.round((16.5 + z * 0.5) * 100) / 100 },
      ],
    });
  }
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  await seed(baseURL);
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'clin_analyst');
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile').first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  await page.goto('/clinical/quality-control');
  await page.getByTestId('qc-chart-high').locator('canvas').waitFor();
  await page.waitForTimeout(800);
  await fullPage(page, out, `qc-${device}-${lang}`);
  await context.close();
}

await shootEverywhere(shoot);
console.log(`Screenshots in ${out}`);
