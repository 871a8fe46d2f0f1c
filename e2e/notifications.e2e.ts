import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, programmeUser, SAMPLE_SEARCH, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);

async function sampleRow(page: Page, labNumber: string) {
  await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
  await row.first().waitFor();
  return row.first();
}

/** An E/U/Cr ordered at Ikeja with the clinician's e-mail, collected and accepted: its results wait to be entered. */
async function eucrAccepted(): Promise<string> {
  const admin = await apiAs(baseURL, 'clin_admin');
  const desk = await apiAs(baseURL, 'clin_receptionist');
  const superadmin = await apiAs(baseURL, 'superadmin');
  const tests = await superadmin<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const panel = tests.find((x) => x.code === 'EUCR')!;
  const potassium = tests.find((x) => x.code === 'EUCR-K')!;
  for (const test of [panel, potassium]) await admin('POST', '/api/facility_test_service/', { test_type: test.id, price: 1000 }).catch(() => undefined);
  const client = await desk<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Kemi',
    last_name: `Critical ${stamp}`,
    sex: 'female',
    estimated_age_years: 60,
    email: 'kemi@example.org',
    language: 'fr',
    notify_consent: true,
  });
  const order = await desk<{ lab_number: string; samples: { id: number; tests: { id: number; test_type: number }[] }[] }>('POST', '/api/general_order/', {
    client: client.id,
    test_types: [panel.id],
    requesting_clinician: 'Dr Bello',
    clinician_email: 'dr.bello@example.org',
  });
  const sample = order.samples[0]!;
  const types = await superadmin<{ id: number; code: string }[]>('GET', '/api/sample_type/');
  await desk('POST', `/api/general_order/${sample.id}/collect/`, {
    collected_at: new Date().toISOString(),
    sample_type: types.find((s) => s.code === 'SER')!.id,
  });
  await desk('POST', `/api/general_order/${sample.id}/accept/`, {});
  return order.lab_number;
}

describe('result notifications at Ikeja', () => {
  let labNumber = '';

  it('shows the analyst who enters a critical potassium whom it was sent to, at once', async () => {
    labNumber = await eucrAccepted();
    const page = await programmeUser(browser, baseURL, 'clin_analyst', 'General');
    await page.goto('/clinical/enter-results');
    await page.getByPlaceholder('Laboratory number, name, phone or identifier').fill(labNumber);
    await page.locator('.entry-samples .ant-collapse-header', { hasText: labNumber }).click();
    const potassium = page.locator('.entry-test', { hasText: 'Potassium' });
    await potassium.locator('#value').fill('7.4');
    await potassium.getByRole('button', { name: 'Save result' }).click();
    const panel = page.getByTestId('critical-alerts');
    await expect.poll(() => panel.textContent()).toContain('dr.bello@example.org');
    expect(await panel.textContent()).toContain('Potassium');
    await page.context().close();
  });

  it('shows the critical potassium on the sample and records the read-back acknowledgement', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto('/clinical/manage-sample');
    const row = await sampleRow(page, labNumber);
    await row.getByRole('button', { name: /More/ }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'View' }).click();
    const panel = page.getByTestId('critical-alerts');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('dr.bello@example.org');
    expect(await panel.textContent()).toContain('not yet acknowledged');
    await panel.getByRole('button', { name: 'Record acknowledgement' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Taken by' });
    await dialog.getByTestId('critical-ack-by').fill('Dr Bello');
    // the read-back must be confirmed before the acknowledgement is taken
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain('Confirm that the value was read back.');
    await dialog.getByTestId('critical-ack-read-back').check();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/acknowledge/')),
      dialog.getByRole('button', { name: 'Record', exact: true }).click(),
    ]);
    expect(reply.status()).toBe(200);
    await expect.poll(() => panel.textContent()).toContain('acknowledged by Dr Bello');
    await page.context().close();
  });

  it('shows the facility administrator the outbox, the programmes’ message content and the critical values', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_admin', 'General');
    await page.goto('/administrations/facility/notifications');
    const outbox = page.getByTestId('outbox-table');
    await expect.poll(() => outbox.textContent()).toContain(labNumber);
    expect(await outbox.textContent()).toContain('Critical value');
    // The administrator does not read General results: the recipient masked, the words hidden.
    const message = outbox.locator('tr.ant-table-row', { hasText: labNumber }).first();
    expect(await message.textContent()).toContain('d•••@example.org');
    expect(await outbox.textContent()).not.toContain('dr.bello@example.org');
    await message.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => outbox.textContent()).toContain("Hidden: you do not read this programme's results.");
    expect(await outbox.textContent()).not.toContain('mmol');
    await page.getByRole('tab', { name: 'Message content' }).click();
    await expect.poll(() => page.getByTestId('notification-settings').textContent()).toContain('General');
    await page.getByRole('tab', { name: 'Critical values' }).click();
    await expect.poll(() => page.getByTestId('critical-alert-table').textContent()).toContain(labNumber);
    expect(await page.getByTestId('critical-alert-table').textContent()).toContain('Acknowledged');
    expect(await page.getByTestId('critical-alert-table').textContent()).toContain('value hidden');
    expect(await page.getByTestId('critical-alert-table').textContent()).not.toContain('mmol');
    await page.context().close();
  });
});
