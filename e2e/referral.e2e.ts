import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ShipmentDetail } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, openDialog, programmeUser, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const DAY = 86_400_000;

/** A moment as the date-and-time inputs take it: DD/MM/YYYY HH:mm, Lagos time. */
const typedLagos = (ms: number) => {
  const d = new Date(ms + 3_600_000).toISOString();
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
};

/** A file from the API as one of the demo users. */
async function fileAs(username: string, pathname: string): Promise<Buffer> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** A PDF's text, through poppler's pdftotext (Debian's poppler-utils). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'referral-e2e-'));
  const file = path.join(dir, 'manifest.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** TB sputum ordered and collected at Mushin's primary health centre through the API (the reception pages have their own tests). */
async function collectedAtMushin(n: number): Promise<{ id: number; barcode: string }[]> {
  const reception = await apiAs(baseURL, 'mushin_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Tuberculosis');
  const sputum = (await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/')).find((x) => x.code === 'SPU')!;
  const made: { id: number; barcode: string }[] = [];
  for (let i = 0; i < n; i++) {
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Kemi',
      last_name: `Referral-${stamp}-${i}`,
      sex: 'female',
      estimated_age_years: 41,
    });
    const order = await reception<{ samples: { id: number; barcode: string }[] }>('POST', '/api/tb_sample/', {
      client: client.id,
      program: 'Tuberculosis',
      test_types: [tests.find((x) => x.code === 'TB-XPERT')!.id],
      form: {
        patient_category: 'new',
        reason_for_examination: 'diagnosis',
        presumptive_drtb: false,
        hiv_status: 'negative',
        test_status: 'initial',
        specimen: 'sputum_spot',
        visual_appearance: 'muco_purulent',
      },
    });
    const sample = order.samples[0]!;
    await reception('POST', `/api/tb_sample/${sample.id}/collect/`, {
      collected_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      sample_type: sputum.id,
    });
    made.push(sample);
  }
  return made;
}

describe('sample referral from Mushin to Yaba', () => {
  it('a shipment made on the four steps, its manifest printed, dispatched; received at Yaba by scan, one sample rejected; Mushin reads the rejection and the approved result', async () => {
    const [first, second] = await collectedAtMushin(2);

    // Mushin's supervisor: the new shipment, step by step
    const sender = await programmeUser(browser, baseURL, 'mushin_supervisor', 'Tuberculosis');
    await sender.goto('/dispatch?tab=new');
    const form = sender.getByTestId('new-shipment');
    // step 1: the network's testing laboratory and its courier are chosen already
    await form.getByText('Yaba Demo Reference Laboratory').first().waitFor();
    await form.getByText('Demo Lagos Sample Couriers').first().waitFor();
    expect(await form.textContent()).toContain('Step 1 of 4');
    await sender.getByTestId('shipment-next').click();
    // step 2: one sample scanned, the other ticked; a label that is not a collected sample is named
    expect(await form.textContent()).toContain('Step 2 of 4');
    const scan = sender.getByTestId('sample-scan').locator('input');
    await scan.fill(first!.barcode);
    await scan.press('Enter');
    await expect.poll(() => sender.getByTestId('scan-notice').textContent()).toContain(`${first!.barcode} added`);
    await scan.fill(`LA-MSH-001-00-${stamp}`);
    await scan.press('Enter');
    await expect.poll(() => sender.getByTestId('scan-notice').textContent()).toContain('is not among this programme’s collected samples');
    await form.locator('tr.ant-table-row', { hasText: second!.barcode }).locator('.ant-checkbox-input').check();
    await expect.poll(() => form.textContent()).toContain('Samples chosen: 2');
    await sender.getByTestId('shipment-next').click();
    // step 3: packing and pick-up (the packer and the date are filled in)
    expect(await form.textContent()).toContain('Step 3 of 4');
    expect(await form.locator('input#packed_by').inputValue()).toBe('Mushin Supervisor');
    await form.locator('.dsp-storage label', { hasText: '2–8 °C' }).click();
    await form.locator('input#packaging').fill('Triple packaging, UN3373');
    await form.locator('input#pickup_temperature').fill('6.5');
    await form.locator('input#rider_name').fill('Tunde Bakare');
    await form.locator('input#rider_phone').fill('+234 803 555 0101');
    await sender.getByTestId('shipment-next').click();
    // step 4: the review, then the confirmation
    const review = sender.getByTestId('shipment-review');
    await review.waitFor();
    for (const text of [first!.barcode, second!.barcode, 'Yaba Demo Reference Laboratory', 'Demo Lagos Sample Couriers', '2–8 °C', 'Tunde Bakare'])
      expect(await review.textContent()).toContain(text);
    const confirm = await openDialog(sender, sender.getByTestId('shipment-create'));
    const posted = await submitDialog(confirm, 'Create the shipment', 'shipment');
    expect(posted.postDataJSON()).toMatchObject({
      samples: [first!.id, second!.id],
      storage_temperature: '2-8',
      pickup_temperature: 6.5,
      rider_name: 'Tunde Bakare',
    });

    // the shipment opens: Pending, its manifest and its next moves
    const view = sender.getByTestId('shipment-view');
    await view.waitFor();
    const id = Number(new URL(sender.url()).pathname.split('/').pop());
    const shipment = await (await apiAs(baseURL, 'mushin_supervisor'))<ShipmentDetail>('GET', `/api/shipment/${id}/`);
    expect(await view.locator('.ant-card-head').textContent()).toContain(shipment.number);
    expect(await view.locator('.dsp-status').first().textContent()).toBe('Pending');
    expect(await sender.getByTestId('print-manifest').count()).toBe(1);
    // the manifest: an A4 PDF naming each sample (the print button prints it from a hidden frame, which headless Chromium cannot)
    const manifest = await fileAs('mushin_supervisor', `/api/shipment/${id}/manifest.pdf`);
    expect(manifest.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(manifest);
    expect(text).toContain(first!.barcode);
    expect(text).toContain(second!.barcode);
    // the courier told, then the shipment handed over
    await submitDialog(await openDialog(sender, sender.getByTestId('move-notify_courier')), 'Notify courier', 'notify_courier');
    await expect.poll(() => view.locator('.dsp-status').first().textContent()).toBe('Courier notified');
    await submitDialog(await openDialog(sender, sender.getByTestId('move-dispatch')), 'Dispatch', 'dispatch');
    await expect.poll(() => view.locator('.dsp-status').first().textContent()).toBe('Dispatched');
    expect(await sender.getByTestId('move-dispatch').count()).toBe(0);
    await expect.poll(() => sender.getByTestId('shipment-history').textContent()).toContain('Courier notified→Dispatched');
    await sender.context().close();

    // Yaba's receptionist finds it among the incoming shipments and receives it
    const receiver = await programmeUser(browser, baseURL, 'ph_receptionist', 'Tuberculosis');
    await receiver.goto('/dispatch/incoming');
    await receiver.locator('.dsp-link', { hasText: shipment.number }).click();
    const panel = receiver.getByTestId('receive-panel');
    await panel.waitFor();
    const scanned = receiver.getByTestId('receive-scan').locator('input');
    await scanned.fill(first!.barcode);
    await scanned.press('Enter');
    await expect.poll(() => receiver.getByTestId('receive-notice').textContent()).toContain(`${first!.barcode} scanned (1 of 2)`);
    // a label that is not in the shipment is named before saving
    await scanned.fill(`STRAY-${stamp}`);
    await scanned.press('Enter');
    await expect.poll(() => receiver.getByTestId('receive-check').textContent()).toContain(`STRAY-${stamp}`);
    // the second, leaking, is rejected with a reason
    await scanned.fill(second!.barcode);
    await scanned.press('Enter');
    const row = panel.locator('tr.ant-table-row', { hasText: second!.barcode });
    await row.locator('.dsp-condition').click();
    await receiver.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Leaking' }).click();
    await row.locator('.ant-radio-button-wrapper', { hasText: 'Reject' }).click();
    // saving without the reason is refused on the row
    await receiver.getByTestId('receive-save').click();
    await expect.poll(() => row.textContent()).toContain('A rejected sample needs its reason');
    await row.locator('.dsp-reason__select').click();
    const option = receiver.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    const reason = (await option.textContent())!.trim();
    await option.click();
    await panel.locator('input#temperature').fill('7');
    // an arrival two days before the shipment left is refused, the server's reason beside "Arrived at"
    const arrivedAt = panel.locator('input#received_at');
    const offered = await arrivedAt.inputValue();
    await arrivedAt.fill(typedLagos(Date.now() - 2 * DAY));
    await arrivedAt.press('Enter');
    const early = await openDialog(receiver, receiver.getByTestId('receive-save'));
    const [tooEarly] = await Promise.all([
      receiver.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/receive/')),
      early.getByRole('button', { name: 'Receive', exact: true }).click(),
    ]);
    expect(tooEarly.status()).toBe(400);
    expect(Object.keys(await tooEarly.json())).toEqual(['received_at']);
    // (the field's message, tied to it by aria-describedby)
    const arrivedHelp = panel.locator('#received_at_help');
    await expect.poll(() => arrivedHelp.textContent()).toContain('The arrival time is before');
    await expect.poll(() => arrivedAt.getAttribute('aria-describedby')).toBe('received_at_help');
    expect(await receiver.getByTestId('receive-error').count()).toBe(0);
    // the time offered (now, to the minute: perhaps the minute it left) is taken
    await arrivedAt.fill(offered);
    await arrivedAt.press('Enter');
    await expect.poll(() => arrivedHelp.count()).toBe(0);
    const dialog = await openDialog(receiver, receiver.getByTestId('receive-save'));
    expect(await dialog.textContent()).toContain('Accepted: 1. Rejected: 1.');
    expect(await dialog.textContent()).toContain(second!.barcode);
    expect(await dialog.textContent()).toContain(`STRAY-${stamp}`);
    const received = await submitDialog(dialog, 'Receive', 'receive');
    expect(received.postDataJSON()).toMatchObject({
      temperature: 7,
      samples: [
        { id: first!.id, condition: 'good', accept: true, rejection_reason: null },
        { id: second!.id, condition: 'leaking', accept: false },
      ],
    });
    await expect.poll(() => receiver.getByTestId('receive-result').textContent()).toContain('Accepted: 1. Rejected: 1.');
    await expect.poll(() => receiver.getByTestId('shipment-view').locator('.dsp-status').first().textContent()).toBe('Received');
    // every leg of the journey has its hours, none left blank
    const legs = await receiver.locator('.dsp-legs li strong').allTextContents();
    expect(legs).toHaveLength(3);
    for (const leg of legs) expect(leg.replace(/[\u2066\u2069]/g, '')).toMatch(/^[\d.]+ h$/);
    const samples = receiver.getByTestId('shipment-samples');
    expect(await samples.locator('tr', { hasText: first!.barcode }).textContent()).toContain('Received');
    expect(await samples.locator('tr', { hasText: second!.barcode }).textContent()).toContain('Rejected');
    expect(await receiver.getByTestId('receive-panel').count()).toBe(0);
    await receiver.context().close();

    // Yaba tests the accepted sample: entered, verified and approved (the result pages have their own tests)
    const analyst = await apiAs(baseURL, 'ph_analyst');
    const supervisor = await apiAs(baseURL, 'ph_supervisor');
    const detail = await supervisor<{ tests: { id: number; test_type_name: string }[] }>('GET', `/api/tb_sample/${first!.id}/`);
    for (const test of detail.tests) {
      const value = /resistance/i.test(test.test_type_name) ? 'RIF RESISTANCE NOT DETECTED' : 'MTB DETECTED MEDIUM';
      const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: test.id, value });
      await supervisor('POST', `/api/results/${result.id}/verify/`);
      await supervisor('POST', `/api/results/${result.id}/approve/`, { password: DEMO_PASSWORD });
    }

    // Mushin reads the rejection and the approved result among its referred samples
    const reader = await programmeUser(browser, baseURL, 'mushin_supervisor', 'Tuberculosis');
    await reader.goto('/dispatch?tab=referred');
    const referred = reader.getByTestId('referred-samples');
    const tested = referred.locator('tr.ant-table-row', { hasText: first!.barcode });
    const refused = referred.locator('tr.ant-table-row', { hasText: second!.barcode });
    await expect.poll(() => tested.textContent()).toContain('MTB DETECTED MEDIUM');
    expect(await tested.textContent()).toContain('Yaba Demo Reference Laboratory');
    expect(await tested.textContent()).toContain(shipment.number);
    // …and opens its report: Yaba's, naming Mushin as the referring facility
    const [report] = await Promise.all([
      reader.waitForResponse((r) => r.url().includes(`/api/referred_sample/${first!.id}/report/`)),
      tested.getByRole('button', { name: /View report/ }).click(),
    ]);
    expect(report.status()).toBe(200);
    // (the page turns the reply into a blob for a new tab; the same report is read through the API)
    const reportText = pdfText(await fileAs('mushin_supervisor', `/api/referred_sample/${first!.id}/report/`));
    expect(reportText).toContain('Yaba Demo Reference Laboratory');
    expect(reportText).toMatch(/Referred from\s+Mushin Demo Primary/);
    expect(reportText).toContain('MTB DETECTED MEDIUM');
    expect(await refused.textContent()).toContain(reason);
    expect(await refused.textContent()).toContain('Rejected');
    expect(await refused.textContent()).toContain('Rejected by Ph Receptionist');
    await reader.context().close();
  });

  it('a shipment rejected at the door: a delivery time before it left is refused beside the field; the rejection needs its reason; Mushin reads the rejected samples with the reason, who and when', async () => {
    const [sample] = await collectedAtMushin(1);
    const mushin = await apiAs(baseURL, 'mushin_supervisor');
    const [lab] = await mushin<{ facility: number }[]>('GET', '/api/referral_destination/?program=Tuberculosis');
    const made = await mushin<ShipmentDetail>('POST', '/api/shipment/', {
      receiving_facility: lab!.facility,
      samples: [sample!.id],
      storage_temperature: '2-8',
      packed_by: 'Mushin Supervisor',
      pickup_date: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10),
    });
    await mushin('POST', `/api/shipment/${made.id}/dispatch/`, {});

    const receiver = await programmeUser(browser, baseURL, 'ph_receptionist', 'Tuberculosis');
    await receiver.goto('/dispatch/incoming');
    await receiver.locator('.dsp-link', { hasText: made.number }).click();
    const view = receiver.getByTestId('shipment-view');
    await view.waitFor();
    // delivered "two days ago": before it left, refused beside "Delivered at"
    const deliver = await openDialog(receiver, receiver.getByTestId('move-deliver'));
    const deliveredAt = deliver.locator('input#at');
    await deliveredAt.fill(typedLagos(Date.now() - 2 * DAY));
    await deliveredAt.press('Enter');
    const [early] = await Promise.all([
      receiver.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/deliver/')),
      deliver.getByRole('button', { name: 'Mark delivered', exact: true }).click(),
    ]);
    expect(early.status()).toBe(400);
    await expect.poll(() => deliver.locator('#at_help').textContent()).toContain('The delivery time is before');
    // The field points at its message once the form has re-rendered with it (a render after the text appears).
    await expect.poll(() => deliveredAt.getAttribute('aria-describedby')).toBe('at_help');
    await deliver.getByRole('button', { name: 'Back', exact: true }).click();
    await deliver.waitFor({ state: 'detached' });
    // the rejection: without its reason of the list it is not sent
    const reject = await openDialog(receiver, receiver.getByTestId('move-reject'));
    await reject.locator('textarea').fill('Cool box at 31 °C on arrival');
    await reject.getByRole('button', { name: 'Reject shipment', exact: true }).click();
    await expect.poll(() => reject.locator('.ant-form-item-explain').first().textContent()).toContain('Give the reason');
    await reject.locator('.ant-select').click();
    await reject.locator('.ant-select input').fill('Cold chain');
    await receiver.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Cold chain not maintained' }).click();
    const rejected = await submitDialog(reject, 'Reject shipment', 'reject');
    expect(rejected.postDataJSON()).toMatchObject({ reason: 'Cool box at 31 °C on arrival', rejection_reason: expect.any(Number) });
    await expect.poll(() => view.locator('.dsp-status').first().textContent()).toBe('Rejected');
    await receiver.context().close();

    // Mushin reads the sample among its referred samples: rejected, the reason, who and when
    const reader = await programmeUser(browser, baseURL, 'mushin_supervisor', 'Tuberculosis');
    await reader.goto('/dispatch?tab=referred');
    const row = reader.getByTestId('referred-samples').locator('tr.ant-table-row', { hasText: sample!.barcode });
    await expect.poll(() => row.textContent()).toContain('Rejected: Cold chain not maintained: Cool box at 31 °C on arrival');
    expect(await row.textContent()).toContain('Rejected');
    expect(await row.textContent()).toContain('Rejected by Ph Receptionist');
    expect(await row.textContent()).toContain('Yaba Demo Reference Laboratory');
    expect(await row.textContent()).toContain(made.number);
    await reader.context().close();
  });

  it('offers new shipments to the dispatching supervisor only; those who receive samples read the incoming shipments', async () => {
    const receptionist = await programmeUser(browser, baseURL, 'mushin_receptionist', 'Tuberculosis');
    await receptionist.goto('/dispatch');
    await receptionist.getByTestId('shipments-incoming').waitFor();
    expect(await receptionist.getByRole('tab').allTextContents()).toEqual(['Incoming']);
    await receptionist.context().close();
    const yaba = await programmeUser(browser, baseURL, 'ph_receptionist', 'Tuberculosis');
    await yaba.goto('/dispatch');
    await yaba.getByTestId('shipments-incoming').waitFor();
    expect(await yaba.getByRole('tab').allTextContents()).toEqual(['Incoming']);
    await yaba.context().close();
  });
});
