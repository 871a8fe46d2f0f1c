import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { acceptScanned, openDialog, openEntry, programmeUser, SAMPLE_SEARCH, scanAtReception, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);
const HEADLINE = 'HIV-1 DNA DETECTED: start antiretroviral treatment; confirm with a second sample';

const browser = sharedBrowser();

const eidUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'EID');

/** Choose an option of a searchable Ant Design select: typed, then the one option left taken with Enter. */
async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: option }).waitFor();
  await page.keyboard.press('Enter');
}

/** Tick a radio of one field of the request form. */
async function radio(page: Page, field: string, option: string) {
  await page
    .locator('.ant-form-item', { has: page.locator(`#form_${field}`) })
    .locator('.ant-radio-wrapper', { hasText: option })
    .first()
    .click();
}

/** The row of one sample in a list, found through the search box. */
async function sampleRow(page: Page, label: string) {
  await page.getByPlaceholder(SAMPLE_SEARCH).fill(label);
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: label });
  await row.first().waitFor();
  return row;
}

/** An infant's date of birth `days` ago, as the form's date input takes it (DD/MM/YYYY, Africa/Lagos). */
const bornDaysAgo = (days: number) => {
  const [y, m, d] = new Date(Date.now() + 3_600_000 - days * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

describe('a day in the EID laboratory', () => {
  let labNumber = '';

  it('the receptionist registers an infant and an EID request, collects the dried blood spot and receives it', async () => {
    const page = await eidUser('ph_receptionist');
    await page.waitForURL('**/programs/eid-manage-sample');
    await page.getByRole('button', { name: 'New request' }).click();
    const request = page.locator('.clin-request-drawer');
    await request.locator('.request-form').first().waitFor();

    // the infant, registered from the request: 43 days old, so 6 weeks on the form
    await request.getByRole('button', { name: 'Register client' }).click();
    const clientDrawer = page.locator('.ant-drawer', { has: page.locator('#first_name') });
    await clientDrawer.locator('#first_name').fill('Chiamaka');
    await clientDrawer.locator('#last_name').fill(`Okonkwo ${stamp}`);
    await clientDrawer.getByLabel('Female', { exact: true }).check();
    await clientDrawer.locator('#date_of_birth').fill(bornDaysAgo(43));
    await clientDrawer.locator('#date_of_birth').press('Tab');
    await clientDrawer.getByRole('button', { name: 'Save client' }).click();
    await request.locator('.client-chosen', { hasText: `Okonkwo ${stamp}` }).waitFor();
    await expect.poll(() => request.getByTestId('eid-infant-age').textContent()).toContain('6 wk');

    // the EID form: the stop date is asked only when breastfeeding stopped, the regimen only when the mother is on ART
    await request.locator('#form_exposed_infant_number').fill(`HEI/LMD/E2E/${stamp}`);
    await choose(page, '#form_entry_point', 'PMTCT');
    await choose(page, '#form_pcr_sequence', '1st PCR (at 6 weeks)');
    await choose(page, '#form_reason', 'Routine testing of an exposed infant');
    await radio(page, 'infant_prophylaxis', 'NVP + AZT');
    await choose(page, '#form_feeding', 'Breastfeeding stopped');
    await request.locator('#form_breastfeeding_stopped_on').waitFor();
    expect(await request.locator('#form_mother_regimen').count()).toBe(0);
    await radio(page, 'mother_hiv_status', 'Positive');
    await radio(page, 'mother_on_art', 'Yes');
    await request.locator('#form_mother_regimen').fill('TDF/3TC/DTG');
    await request.locator('#form_mother_name').fill('Ifeoma Okonkwo');
    await request.getByPlaceholder('Search tests and panels').fill('PCR');
    await request.locator('.test-picker__row', { hasText: '(EID-DNA-PCR)' }).click();
    await request.getByRole('button', { name: 'Save request' }).click();
    await expect.poll(() => request.locator('.ant-form-item-explain-error').allTextContents()).toContain('Breastfeeding stopped on: this field is required.');
    await choose(page, '#form_feeding', 'Exclusive breastfeeding');
    expect(await request.locator('#form_breastfeeding_stopped_on').count()).toBe(0);
    const [posted] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/eid_sample/'),
      request.getByRole('button', { name: 'Save request' }).click(),
    ]);
    expect(posted.postDataJSON().form).toMatchObject({
      exposed_infant_number: `HEI/LMD/E2E/${stamp}`,
      entry_point: 'pmtct',
      pcr_sequence: 'first',
      reason: 'routine',
      infant_prophylaxis: 'nvp_azt',
      feeding: 'exclusive_breastfeeding',
      mother_hiv_status: 'positive',
      mother_on_art: 'yes',
      mother_regimen: 'TDF/3TC/DTG',
    });

    // one label: a dried blood spot
    labNumber = (await request.getByTestId('lab-number').textContent())!.trim();
    expect(labNumber).toMatch(/^[A-Z]{2}-[A-Z]+-\d{3}-\d{2}-\d{6}$/);
    const labels = request.locator('.clin-labels__item');
    await expect.poll(() => labels.count()).toBe(1);
    expect(await labels.textContent()).toContain('Dried blood spot');
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    const row = await sampleRow(page, labNumber);
    const modal = await openDialog(page, row.getByRole('button', { name: /Collect/ }));
    await expect.poll(() => modal.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toContain('Dried blood spot');
    await submitDialog(modal, 'Collect', 'collect');
    await expect.poll(() => row.textContent()).toContain('Collected');

    // reception offers the DBS rejection reasons first; this card is good and is accepted
    const waiting = await scanAtReception(page, '/programs/eid-sample-reception', labNumber);
    await waiting.getByRole('button', { name: 'Reject' }).click();
    const reject = page.locator('.ant-modal', { hasText: 'Reject' });
    await reject.locator('.ant-select').first().click();
    const reasons = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => reasons.first().textContent()).toMatch(/^DBS: /);
    await page.keyboard.press('Escape');
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'hidden' });
    await acceptScanned(page, waiting);
    await page.context().close();
  });

  it('the analyst enters DETECTED, which raises the HIV DETECTED flag and the alert', async () => {
    const page = await eidUser('ph_analyst');
    await openEntry(page, '/programs/eid-manual-result', labNumber);
    const pcr = page.locator('.entry-test', { hasText: 'HIV-1 DNA PCR' });
    await pcr.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="DETECTED"]').click();
    await pcr.getByRole('button', { name: 'Save result' }).click();
    await expect.poll(() => pcr.locator('.clin-status').textContent()).toBe('Entered');
    await expect.poll(() => pcr.locator('.clin-flag').first().textContent()).toBe('HIV DETECTED');
    await expect.poll(() => page.getByTestId('headline-alert').textContent()).toContain(HEADLINE);
    await page.context().close();
  });

  it('the supervisor validates and approves, sees the alert, opens the PDF and makes the confirmatory request in one action', async () => {
    const page = await eidUser('ph_supervisor');
    await page.goto('/programs/eid-validate-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toVerify = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toVerify.count()).toBe(1);
    expect(await toVerify.locator('.clin-flag').first().textContent()).toBe('HIV DETECTED');
    await toVerify.locator('.ant-checkbox-input').check();
    const [verified] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/verify/'),
      page.getByRole('button', { name: /Verify selected \(1\)/ }).click(),
    ]);
    expect(verified.status()).toBe(200);
    await expect.poll(() => toVerify.count()).toBe(0);

    await page.goto('/programs/eid-approve-results');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toApprove = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toApprove.count()).toBe(1);
    await toApprove.getByRole('button', { name: /Approve sample/ }).click();
    const signature = page.locator('.ant-modal');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    const [approved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/approve/'),
      signature.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(approved.status()).toBe(200);
    await expect.poll(() => toApprove.count()).toBe(0);

    // the dashboard counts the infant among those awaiting confirmation
    await page.goto('/programs/eid-dashboard');
    await expect.poll(() => page.locator('.eid-awaiting').textContent()).toContain(labNumber);

    // the sample: the alert, the request form with the age at collection, the report
    await page.goto('/programs/eid-manage-sample');
    const row = await sampleRow(page, labNumber);
    await expect.poll(() => row.first().textContent()).toContain('Completed');
    await row.first().getByRole('button', { name: /More/ }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'View' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'EID request' });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('headline-alert').textContent()).toContain(HEADLINE);
    await expect.poll(() => drawer.textContent()).toContain('Age at collection');
    expect(await drawer.locator('.clin-flag').allTextContents()).toContain('HIV DETECTED');

    const [report] = await Promise.all([page.waitForResponse((r) => r.url().includes('/report/')), drawer.getByRole('button', { name: /Report/ }).click()]);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    const text = spawnSync('pdftotext', ['-', '-'], { input: await report.body() });
    if (text.status === 0) expect(text.stdout.toString().replace(/\s+/g, ' ')).toContain(HEADLINE);

    // the confirmatory PCR in one action: a new request for the same infant, its label to print
    await drawer.getByRole('button', { name: 'Request the confirmatory PCR' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    const [followOn] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/follow_on/')),
      confirm.getByRole('button', { name: 'Request' }).click(),
    ]);
    expect(followOn.status()).toBe(201);
    const made = (await followOn.json()) as { lab_number: string };
    expect(made.lab_number).not.toBe(labNumber);
    await expect.poll(() => drawer.locator('.clin-follow-on').textContent()).toContain(`Confirmatory PCR requested: ${made.lab_number}`);
    await expect.poll(() => drawer.getByTestId('sample-barcode').allTextContents()).toContain(made.lab_number);
    await page.context().close();
  });
});
