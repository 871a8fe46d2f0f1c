/**
 * Screenshots of the review pages (validation, approval, released results),
 * one row per sample with its tests inside, desktop and phone, English and
 * Arabic:
 *   npm run build && npx tsx scripts/screenshots-review.ts [out-dir]
 * Puts samples at each step through the API first: General full blood counts
 * (a panel of ten members) entered and verified, a glucose released and then
 * amended; a TB Xpert with MTB detected and rifampicin resistance (RR-TB)
 * entered and another verified (default out-dir: screenshots/).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, signIn } from '../e2e/browser.js';
import { deviceContext, type Device, outDir, shootEverywhere } from './shots.js';
import { apiAs as as } from './shots.js';

const out = outDir();

type Created = { id: number; samples: { id: number; sample_type: number | null; tests: { id: number; test_type: number }[] }[] };
type Api = Awaited<ReturnType<typeof as>>;

/** Values of the full blood count's members: two low, one high, the rest in range. */
const FBC_VALUES: Record<string, number> = {
  'FBC-HB': 9.8,
  'FBC-PCV': 31,
  'FBC-RBC': 3.6,
  'FBC-WBC': 13.4,
  'FBC-PLT': 262,
  'FBC-MCV': 84,
  'FBC-MCH': 28,
  'FBC-MCHC': 33,
  'FBC-NEUT': 68,
  'FBC-LYMPH': 24,
};

async function order(reception: Api, form: string, client: object, testTypes: number[], extra: object = {}): Promise<Created> {
  const made = await reception<{ id: number }>('POST', '/api/clients/', client);
  const placed = await reception<Created>('POST', `/api/${form}/`, { client: made.id, test_types: testTypes, ...extra });
  for (const sample of placed.samples) {
    await reception('POST', `/api/${form}/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type ?? 1 });
    await reception('POST', `/api/${form}/${sample.id}/accept/`, {});
  }
  return placed;
}

async function enter(analyst: Api, placed: Created, value: (testType: number) => number | string | undefined): Promise<number[]> {
  const ids: number[] = [];
  for (const test of placed.samples.flatMap((s) => s.tests)) {
    const v = value(test.test_type);
    if (v === undefined) continue;
    ids.push((await analyst<{ id: number }>('POST', '/api/results/', { test_order: test.id, value: v })).id);
  }
  return ids;
}

async function prepare(base: string) {
  const reception = await as(base, 'clin_receptionist');
  const analyst = await as(base, 'clin_analyst');
  const reviewer = await as(base, 'clin_reviewer');
  const supervisor = await as(base, 'clin_supervisor');
  const tests = await reception<{ id: number; code: string; panel: number | null }[]>('GET', '/api/test_configuration/?program__name=General');
  const id = (code: string) => tests.find((t) => t.code === code)!.id;
  const codeOf = (testType: number) => tests.find((t) => t.id === testType)?.code ?? '';
  const client = (first: string, last: string, sex: string, dob: string, i: number) => ({
    first_name: first,
    last_name: last,
    sex,
    date_of_birth: dob,
    phone: `0803100000${i}`,
    identifiers: [{ identifier_type: 1, identifier: `HN-${2000 + i}` }],
  });
  const fbc = (code: string) => FBC_VALUES[code] ?? (code.startsWith('FBC-') ? 1 : undefined);
  // to validate: a full blood count, and a glucose
  const a = await order(reception, 'general_order', client('Ngozi', 'Okonkwo-Adebayo', 'female', '1986-08-14', 1), [id('FBC')], { priority: 'urgent' });
  await enter(analyst, a, (t) => fbc(codeOf(t)));
  const b = await order(reception, 'general_order', client('Sani', 'Abdullahi', 'male', '1958-01-22', 2), [id('RBG')]);
  await enter(analyst, b, () => 13.9);
  // to approve: two full blood counts, verified by the reviewer
  for (const [i, who] of [
    [3, client('Aisha', 'Danjuma', 'female', '2012-03-05', 3)],
    [4, client('Olusegun', 'Bankole', 'male', '1979-10-30', 4)],
  ] as const) {
    const placed = await order(reception, 'general_order', who, [id('FBC')], { priority: i === 3 ? 'urgent' : 'routine' });
    const ids = await enter(analyst, placed, (t) => fbc(codeOf(t)));
    await reviewer('POST', '/api/results/verify/', { ids });
  }
  // released, then amended: the amendment waits for validation beside the released value
  const c = await order(reception, 'general_order', client('Bola', 'Tinubu-Ade', 'female', '1990-06-18', 5), [id('RBG')]);
  const [released] = await enter(analyst, c, () => 6.1);
  await reviewer('POST', '/api/results/verify/', { ids: [released] });
  await supervisor('POST', '/api/results/approve/', { ids: [released], password: DEMO_PASSWORD });
  await supervisor('POST', `/api/results/${released}/amend/`, { value: 16.1, reason: 'Transcription error', comment: '', password: DEMO_PASSWORD });

  // Tuberculosis: Xpert MTB/RIF (a panel of two), one entered and one verified, both RR-TB
  const tbReception = await as(base, 'ph_receptionist');
  const tbAnalyst = await as(base, 'ph_analyst');
  const tbSupervisor = await as(base, 'ph_supervisor');
  const tbTests = await tbReception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Tuberculosis');
  const tbCode = (testType: number) => tbTests.find((t) => t.id === testType)?.code;
  const xpert = tbTests.find((t) => t.code === 'TB-XPERT')!.id;
  const form = {
    patient_category: 'new',
    reason_for_examination: 'diagnosis',
    presumptive_drtb: true,
    hiv_status: 'negative',
    test_status: 'initial',
    specimen: 'sputum_spot',
    visual_appearance: 'muco_purulent',
  };
  const values: Record<string, string> = { 'TB-XPERT-MTB': 'MTB DETECTED MEDIUM', 'TB-XPERT-RIF': 'RIF RESISTANCE DETECTED' };
  for (const [i, verify] of [
    [6, false],
    [7, true],
  ] as const) {
    const placed = await order(tbReception, 'tb_sample', client(i === 6 ? 'Garba' : 'Efe', i === 6 ? 'Mohammed' : 'Oghene', 'male', '1981-02-17', i), [xpert], {
      form,
      program: 'Tuberculosis',
    });
    const ids = await enter(tbAnalyst, placed, (t) => values[tbCode(t) ?? '']);
    if (verify) await tbSupervisor('POST', '/api/results/verify/', { ids });
  }
}

async function userPage(browser: Browser, baseURL: string, lang: string, device: Device, user: string): Promise<Page> {
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
  return page;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(700);
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  // REVIEW_SHOTS=desktop-en shoots one width and language only
  if (process.env.REVIEW_SHOTS && process.env.REVIEW_SHOTS !== `${device}-${lang}`) return;
  const file = (name: string) => path.join(out, `review-${name}-${device}-${lang}.png`);
  const general = await userPage(browser, baseURL, lang, device, 'clin_supervisor');
  for (const [name, url] of [
    ['validate', '/clinical/validate-results'],
    ['approve', '/clinical/approve-results'],
    ['released', '/manage-result'],
  ] as const) {
    await general.goto(url);
    await general.locator('.rv-tests').first().waitFor();
    await settle(general);
    await general.screenshot({ path: file(name), fullPage: true });
  }
  // two samples ticked, approved in one signature
  await general.goto('/clinical/approve-results');
  await general.locator('.rv-tests').first().waitFor();
  const boxes = general.locator('.clin-table tr.ant-table-row .ant-checkbox-input, .rv-card .ant-checkbox-input');
  for (const box of (await boxes.all()).slice(0, 2)) await box.check();
  await general.locator('.clin-toolbar .ant-btn-primary').click();
  await general.locator('.ant-modal input[type=password]').waitFor();
  await settle(general);
  await general.screenshot({ path: file('signature') });
  await general.context().close();

  const tb = await userPage(browser, baseURL, lang, device, 'ph_supervisor');
  for (const [name, url] of [
    ['tb-validate', '/programs/tb-validate-result'],
    ['tb-approve', '/programs/tb-approve-results'],
  ] as const) {
    await tb.goto(url);
    await tb.locator('.rv-tests').first().waitFor();
    await settle(tb);
    await tb.screenshot({ path: file(name), fullPage: true });
  }
  await tb.context().close();
}

await shootEverywhere(shoot, prepare);
console.log(`Screenshots in ${out}`);
