/**
 * Screenshots of the clinical pages with some work in them, desktop and
 * phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-clinical.ts [out-dir]
 * Orders a few samples through the API first (default out-dir: screenshots/).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { apiAs as as, deviceContext, outDir, shootEverywhere, type Device } from './shots.js';

const out = outDir();

/** Samples for the workplan (received), and one finished sample for the completed tag. */
async function seedWork(base: string) {
  const reception = await as(base, 'clin_receptionist');
  const analyst = await as(base, 'clin_analyst');
  const supervisor = await as(base, 'clin_supervisor');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const id = (code: string) => tests.find((t) => t.code === code)!.id;
  const people = [
    ['Adéyẹmí', 'Ogunlesi', 'female', '1988-02-11'],
    ['Chukwuemeka', 'Nwosu', 'male', '1975-07-30'],
    ['Fatima', 'Bello', 'female', '2019-05-03'],
    ['Ibrahim', 'Musa', 'male', '1960-12-01'],
  ] as const;
  type Created = { id: number; samples: { id: number; sample_type: number | null; tests: { id: number }[] }[] };
  const orders: Created[] = [];
  const panels = [['FBC', 'APTT'], ['RBG', 'TSH', 'URINE-MCS'], ['MP-MICRO', 'UA'], ['FBG']];
  for (const [i, [first, last, sex, dob]] of people.entries()) {
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: first,
      last_name: last,
      sex,
      date_of_birth: dob,
      phone: `0803000000${i}`,
      identifiers: [{ identifier_type: 1, identifier: `HN-${1000 + i}` }],
    });
    const order = await reception<Created>('POST', '/api/general_order/', {
      client: client.id,
      test_types: panels[i]!.map(id),
      priority: i % 2 ? 'urgent' : 'routine',
    });
    // an order's tests come in one sample per sample type they need: each is collected and accepted
    for (const sample of order.samples) {
      await reception('POST', `/api/general_order/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type ?? 1 });
      await reception('POST', `/api/general_order/${sample.id}/accept/`, {});
    }
    orders.push(order);
  }
  const last = orders.at(-1)!;
  const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: last.samples[0]!.tests[0]!.id, value: 5.2 });
  await supervisor('POST', `/api/results/${result.id}/verify/`);
  await supervisor('POST', `/api/results/${result.id}/approve/`, { password: DEMO_PASSWORD });
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  for (const [user, pages] of [
    ['clin_supervisor', { workplan: '/clinical/workplan', 'manage-sample': '/clinical/manage-sample' }],
    ['clin_admin', { 'test-services': '/administrations/facility/testService' }],
  ] as const) {
    const context = await deviceContext(browser, baseURL, lang, device);
    const page = await context.newPage();
    await signIn(page, user);
    if (new URL(page.url()).pathname === '/select-program') {
      await page.locator('.prog-tile').first().click();
      await page.locator('.prog__actions button').last().click();
      await page.waitForURL((url) => url.pathname !== '/select-program');
    }
    await page
      .locator('.ant-notification-notice, .ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10000 })
      .catch(() => undefined);
    for (const [name, url] of Object.entries(pages)) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(out, `${name}-${device}-${lang}.png`), fullPage: true });
    }
    if (user === 'clin_supervisor' && device === 'desktop') {
      // the workplan as printed for the bench (A4)
      await page.goto('/clinical/workplan');
      await page.locator('.workplan__section').first().waitFor();
      await page.emulateMedia({ media: 'print' });
      await page.pdf({ path: path.join(out, `workplan-print-${lang}.pdf`), format: 'A4', printBackground: true });
      await page.emulateMedia({ media: 'screen' });
    }
    if (user === 'clin_supervisor') {
      // the completed sample's history and detail drawers
      await page.goto('/clinical/manage-sample');
      for (const item of ['history', 'view']) {
        await page
          .locator('.clin-table tr.ant-table-row, .clin-card')
          .first()
          .locator('.ant-dropdown-trigger, button:has-text("More"), button:has-text("المزيد")')
          .first()
          .click();
        await page.locator(`.ant-dropdown-menu-item[data-menu-id$="${item}"]`).click();
        await page.locator('.ant-drawer-body').waitFor();
        await page.waitForTimeout(800);
        await page.screenshot({ path: path.join(out, `drawer-${item}-${device}-${lang}.png`) });
        await page.keyboard.press('Escape');
        await page
          .locator('.ant-drawer-body')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await page.waitForTimeout(300);
      }
    }
    await context.close();
  }
}

await shootEverywhere(shoot, seedWork);
console.log(`Screenshots in ${out}`);
