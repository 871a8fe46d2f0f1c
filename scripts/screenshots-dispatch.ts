/**
 * Screenshots of sample referral: Mushin's supervisor making a shipment to Yaba (the four steps), the shipment, and
 * Yaba's receptionist receiving another; the outgoing list and the referred samples with a result — desktop and
 * phone, English and Arabic; and one manifest as a PDF:
 *   npm run build && npx tsx scripts/screenshots-dispatch.ts [out-dir]
 * TB samples are ordered and collected at Mushin through the API first, two of them sent and dispatched, and two
 * more received at Yaba (one accepted and its result approved, one rejected). With BASE_URL set, a server already
 * running with demo data is used instead of a fresh one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, signIn } from '../e2e/browser.js';
import { apiAs, type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
const TB_NAME: Record<string, string> = Object.fromEntries(
  ['en', 'ar'].map((lang) => [
    lang,
    (JSON.parse(readFileSync(path.resolve(`packages/i18n/locales/${lang}/app.json`), 'utf8')) as Record<string, string>)['program.Tuberculosis']!,
  ]),
);
const TB_FORM = {
  patient_category: 'new',
  reason_for_examination: 'diagnosis',
  presumptive_drtb: false,
  hiv_status: 'negative',
  test_status: 'initial',
  specimen: 'sputum_spot',
  visual_appearance: 'muco_purulent',
};
const PEOPLE = [
  ['Adebayo', 'Okonkwo', 'male'],
  ['Ngozi', 'Eze', 'female'],
  ['Musa', 'Danjuma', 'male'],
  ['Funmilayo', 'Adeyemi', 'female'],
  ['Chinedu', 'Obi', 'male'],
  ['Aisha', 'Lawal', 'female'],
  ['Tunde', 'Bakare', 'male'],
] as const;

interface Sample {
  id: number;
  barcode: string;
}
let dispatched: { id: number; barcodes: string[] };

/** A TB sample ordered and collected at Mushin. */
async function collectedSample(base: string, [first, last, sex]: readonly string[]): Promise<Sample> {
  const reception = await apiAs(base, 'mushin_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Tuberculosis');
  const sputum = (await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/')).find((x) => x.code === 'SPU')!;
  const client = await reception<{ id: number }>('POST', '/api/clients/', { first_name: first, last_name: last, sex, estimated_age_years: 38 });
  const order = await reception<{ samples: Sample[] }>('POST', '/api/tb_sample/', {
    client: client.id,
    program: 'Tuberculosis',
    test_types: [tests.find((x) => x.code === 'TB-XPERT')!.id],
    form: TB_FORM,
  });
  const sample = order.samples[0]!;
  await reception('POST', `/api/tb_sample/${sample.id}/collect/`, {
    collected_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    sample_type: sputum.id,
  });
  return sample;
}

/** A shipment from Mushin to Yaba of these samples, notified and dispatched. */
async function sendToYaba(base: string, samples: Sample[]): Promise<number> {
  const supervisor = await apiAs(base, 'mushin_supervisor');
  const [yaba] = await supervisor<{ facility: number }[]>('GET', '/api/referral_destination/?program=Tuberculosis');
  const made = await supervisor<{ id: number }>('POST', '/api/shipment/', {
    receiving_facility: yaba!.facility,
    samples: samples.map((s) => s.id),
    packaging: 'Triple packaging, UN3373',
    boxes: 1,
    storage_temperature: '2-8',
    pickup_temperature: 6.5,
    packed_by: 'Mushin Supervisor',
    rider_name: 'Tunde Bakare',
    rider_phone: '+234 803 555 0101',
    pickup_date: new Date().toISOString().slice(0, 10),
  });
  await supervisor('POST', `/api/shipment/${made.id}/notify_courier/`, { reason: '' });
  await supervisor('POST', `/api/shipment/${made.id}/dispatch/`, { reason: '' });
  return made.id;
}

/** Collected samples for the new shipment, one shipment on its way to Yaba, and one received with a result approved. */
async function prepare(base: string) {
  const samples: Sample[] = [];
  for (const person of PEOPLE) samples.push(await collectedSample(base, person));
  // received at Yaba: one accepted (its result approved), one rejected
  const done = await sendToYaba(base, samples.slice(0, 2));
  const reception = await apiAs(base, 'ph_receptionist');
  const [reason] = await reception<{ id: number }[]>('GET', '/api/rejection_reason/');
  await reception('POST', `/api/shipment/${done}/receive/`, {
    temperature: 7,
    samples: [
      { id: samples[0]!.id, condition: 'good', accept: true },
      { id: samples[1]!.id, condition: 'leaking', accept: false, rejection_reason: reason!.id },
    ],
  });
  const analyst = await apiAs(base, 'ph_analyst');
  const supervisor = await apiAs(base, 'ph_supervisor');
  const detail = await supervisor<{ tests: { id: number; test_type_name: string }[] }>('GET', `/api/tb_sample/${samples[0]!.id}/`);
  for (const test of detail.tests) {
    const value = /resistance/i.test(test.test_type_name) ? 'RIF RESISTANCE NOT DETECTED' : 'MTB DETECTED MEDIUM';
    const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: test.id, value });
    await supervisor('POST', `/api/results/${result.id}/verify/`);
    await supervisor('POST', `/api/results/${result.id}/approve/`, { password: DEMO_PASSWORD });
  }
  // on its way: for the receive panel
  const id = await sendToYaba(base, samples.slice(2, 4));
  dispatched = { id, barcodes: [samples[2]!.barcode, samples[3]!.barcode] };
}

/** Loaded, and scrolled back to the top: the header stays where it belongs in a full-page shot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
}

async function userPage(browser: Browser, baseURL: string, lang: string, device: Device, username: string): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator(`.prog-tile[title="${TB_NAME[lang]}"]`).first().click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  return page;
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const name = (what: string) => `dispatch-${what}-${device}-${lang}`;
  const sender = await userPage(browser, baseURL, lang, device, 'mushin_supervisor');
  await sender.goto('/dispatch?tab=new');
  const form = sender.getByTestId('new-shipment');
  await form.getByText('Yaba Demo Reference Laboratory').first().waitFor();
  await settle(sender);
  await fullPage(sender, out, name('new-1'));
  await sender.getByTestId('shipment-next').click();
  // one barcode scanned, one not among the collected samples, one ticked
  const rows = form.locator('.dsp-picker tr.ant-table-row');
  await rows.first().waitFor();
  const barcode = (await rows.first().locator('td').nth(1).textContent())!.trim();
  const scan = sender.getByTestId('sample-scan').locator('input');
  await scan.fill(barcode);
  await scan.press('Enter');
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await scan.fill('LA-MSH-001-99-999999');
  await scan.press('Enter');
  await sender.getByTestId('scan-notice').waitFor();
  await settle(sender);
  await fullPage(sender, out, name('new-2'));
  await sender.getByTestId('shipment-next').click();
  await form.locator('.dsp-storage label').nth(1).click();
  await form.locator('input#pickup_temperature').fill('6');
  await form.locator('input#rider_name').fill('Tunde Bakare');
  await form.locator('input#rider_phone').fill('+234 803 555 0101');
  await form.locator('input#packaging').fill('Triple packaging, UN3373');
  await settle(sender);
  await fullPage(sender, out, name('new-3'));
  await sender.getByTestId('shipment-next').click();
  await sender.getByTestId('shipment-review').waitFor();
  await settle(sender);
  await fullPage(sender, out, name('new-4'));
  // the shipment on its way, as its sender sees it; the outgoing list; the referred samples
  await sender.goto(`/dispatch/shipment/${dispatched.id}`);
  await sender.getByTestId('shipment-view').waitFor();
  await settle(sender);
  await fullPage(sender, out, name('shipment'));
  await sender.goto('/dispatch?tab=outgoing');
  await sender.locator('.dsp-list tr.ant-table-row, .dsp-list .dsp-card').first().waitFor();
  await settle(sender);
  await fullPage(sender, out, name('outgoing'));
  await sender.goto('/dispatch?tab=referred');
  await sender.locator('[data-testid="referred-samples"] :is(tr.ant-table-row, .dsp-card)').first().waitFor();
  await settle(sender);
  await fullPage(sender, out, name('referred'));
  await sender.context().close();

  // Yaba receives: one label scanned, one not in the shipment, the other sample ticked and rejected
  const receiver = await userPage(browser, baseURL, lang, device, 'ph_receptionist');
  await receiver.goto(`/dispatch/shipment/${dispatched.id}`);
  const panel = receiver.getByTestId('receive-panel');
  await panel.waitFor();
  const scanInput = receiver.getByTestId('receive-scan').locator('input');
  await scanInput.fill(dispatched.barcodes[0]!);
  await scanInput.press('Enter');
  await scanInput.fill('LA-MSH-001-99-999998');
  await scanInput.press('Enter');
  // a table row on a desktop, a card on a phone
  const second = panel.locator('tr.ant-table-row, li.dsp-card').filter({ hasText: dispatched.barcodes[1]! });
  await second.locator('.ant-checkbox-input').check();
  await second.locator('.ant-radio-button-wrapper').nth(1).click();
  await settle(receiver);
  await fullPage(receiver, out, name('receive'));
  await receiver.goto('/dispatch/incoming');
  await receiver.locator('.dsp-list tr.ant-table-row, .dsp-list .dsp-card').first().waitFor();
  await settle(receiver);
  await fullPage(receiver, out, name('incoming'));
  await receiver.context().close();
}

async function manifest(base: string) {
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'mushin_supervisor', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const pdf = await fetch(`${base}/api/shipment/${dispatched.id}/manifest.pdf`, { headers: { authorization: `Bearer ${token}` } });
  writeFileSync(path.join(out, 'dispatch-manifest.pdf'), Buffer.from(await pdf.arrayBuffer()));
}

const given = process.env.BASE_URL;
if (given) {
  const browser = await launch();
  try {
    await prepare(given);
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, given, lang, device);
    await manifest(given);
  } finally {
    await browser.close();
  }
} else {
  await shootEverywhere(async (browser, base, lang, device) => {
    await shoot(browser, base, lang, device);
    if (lang === 'ar' && device === 'phone') await manifest(base);
  }, prepare);
}
console.log(`Screenshots in ${out}`);
