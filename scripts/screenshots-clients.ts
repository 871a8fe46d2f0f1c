/**
 * Screenshots of the client register, a client's view and the merge dialog,
 * desktop and phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-clients.ts [out-dir]
 * Registers a few clients, with an order and a released result, through the API first.
 * Then the facility users page of a Tuberculosis-only administrator (what it may not manage is locked).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { apiAs as as, deviceContext, outDir, shootEverywhere, type Device } from './shots.js';

const out = outDir();

/** Clients of Ikeja; the first has two orders, one with a released result; the last two are one person registered twice. */
async function seedClients(base: string) {
  const reception = await as(base, 'clin_receptionist');
  const analyst = await as(base, 'clin_analyst');
  const supervisor = await as(base, 'clin_supervisor');
  const people = [
    ['Adéyẹmí', 'Ogunlesi', 'female', '1988-02-11', null, '08030000001', 'HN-1001'],
    ['Chukwuemeka', 'Nwosu', 'male', '1975-07-30', null, '', 'HN-1002'],
    ['Fatima', 'Bello', 'female', '2024-05-03', null, '08030000003', null],
    ['Ibrahim', 'Musa', 'male', null, 60, '08030000004', 'HN-1004'],
    // the same man registered again with his name spelt differently: the merge asks for MERGE to be typed
    ['Ibrahim', 'Musah', 'male', '1965-12-01', null, '', 'HN-2231'],
  ] as const;
  const ids: number[] = [];
  for (const [first, last, sex, dob, age, phone, hn] of people) {
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: first,
      last_name: last,
      sex,
      date_of_birth: dob,
      estimated_age_years: age,
      phone,
      address: first === 'Adéyẹmí' ? '12 Awolowo Way, Ikeja' : '',
      identifiers: hn ? [{ identifier_type: 1, identifier: hn }] : [],
    });
    ids.push(client.id);
  }
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const id = (code: string) => tests.find((t) => t.code === code)!.id;
  // an order's tests are grouped into samples: collect and accept the glucose sample, then release its result
  type Created = { samples: { id: number; tests: { id: number; test_type: number }[] }[] };
  const first = await reception<Created>('POST', '/api/general_order/', { client: ids[0], test_types: [id('RBG'), id('TSH')] });
  const glucose = first.samples.find((s) => s.tests.some((x) => x.test_type === id('RBG')))!;
  await reception('POST', `/api/general_order/${glucose.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: 1 });
  await reception('POST', `/api/general_order/${glucose.id}/accept/`, {});
  const test = glucose.tests.find((x) => x.test_type === id('RBG'))!;
  const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: test.id, value: 5.2 });
  await supervisor('POST', `/api/results/${result.id}/verify/`);
  await supervisor('POST', `/api/results/${result.id}/approve/`, { password: DEMO_PASSWORD });
  await reception('POST', '/api/general_order/', { client: ids[0], test_types: [id('FBC')] });
  const yabaAdmin = await as(base, 'ph_admin');
  await yabaAdmin('POST', '/api/users/', {
    username: 'tb_only_admin',
    password: TB_ADMIN_PASSWORD,
    first_name: 'Tunde',
    last_name: 'Bakare',
    programs_roles: [{ programs: 'Tuberculosis', roles: 'Admin' }],
  });
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, 'clin_supervisor');
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
  await page.goto('/clients');
  await page.locator('.client-name').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `clients-${device}-${lang}.png`), fullPage: true });

  // the client with orders: details, identifiers, orders and the released result
  await page.locator('.client-name', { hasText: 'Ogunlesi' }).first().click();
  await page.locator('.client-order').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, `client-view-${device}-${lang}.png`) });
  await page.keyboard.press('Escape');
  await page.locator('.client-view').waitFor({ state: 'hidden' });

  // the merge dialog with the two records of Ibrahim Musa side by side
  await page.locator('.client-name', { hasText: 'Musa' }).first().click();
  await page.locator('.client-details').waitFor();
  await page.locator('.client-view .anticon-merge-cells').click();
  await page.locator('.client-merge__search').click();
  await page.locator('.client-merge__search input').fill('Musa');
  await page.locator('.ant-select-item-option').first().click();
  await page.locator('.client-merge__record').first().waitFor();
  await page.locator('.client-merge__confirmation').fill('MERGE');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `client-merge-${device}-${lang}.png`) });
  await context.close();

  // a Tuberculosis-only administrator's users: the others' roles reach beyond its programme
  const admin = await deviceContext(browser, baseURL, lang, device);
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'tb_only_admin', { password: TB_ADMIN_PASSWORD });
  await adminPage.goto('/administrations/facility/facilityUsers');
  await adminPage.locator('.res-actions').first().waitFor();
  await adminPage.waitForLoadState('networkidle');
  await adminPage.waitForTimeout(600);
  await adminPage.screenshot({ path: path.join(out, `facility-users-tb-admin-${device}-${lang}.png`), fullPage: true });
  await admin.close();
}

const TB_ADMIN_PASSWORD = 'Harbour-lantern-62-quiet';

await shootEverywhere(shoot, seedClients);
console.log(`Screenshots in ${out}`);
