import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { acceptScanned, openDialog, openEntry, programmeUser, SAMPLE_SEARCH, scanAtReception, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);

const browser = sharedBrowser();

const tbUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'Tuberculosis');

/** An API call as a demo user (set-up only). */
async function apiAs(username: string, method: string, path: string, body?: object) {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Choose an option of an Ant Design select by its visible text. */
async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The row of one sample in a list, found through the search box. */
async function sampleRow(page: Page, label: string) {
  await page.getByPlaceholder(SAMPLE_SEARCH).fill(label);
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: label });
  await row.first().waitFor();
  return row;
}

describe('a day in the TB laboratory', () => {
  let labNumber = '';

  it('the receptionist requests Xpert on the TB form, collects and receives the sample', async () => {
    // The Yaba laboratory offers the TB tests through the demo seed; should it not, offer Xpert here.
    const tests = (await apiAs('ph_receptionist', 'GET', '/api/test_configuration/?program__name=Tuberculosis')).body as { id: number; code: string }[];
    const xpert = tests.find((x) => x.code === 'TB-XPERT')!;
    const offered = (await apiAs('ph_admin', 'GET', `/api/facility_test_service/?Filters.test_type=${xpert.id}`)).body as { count?: number };
    if (offered.count === 0) await apiAs('ph_admin', 'POST', '/api/facility_test_service/', { test_type: xpert.id, price: 15000 });

    const page = await tbUser('ph_receptionist');
    await page.waitForURL('**/programs/tb-manage-sample');
    await page.getByRole('button', { name: 'New request' }).click();
    const request = page.locator('.clin-request-drawer');
    await request.locator('#form_patient_category').waitFor();

    // the client, registered from the request
    await request.getByRole('button', { name: 'Register client' }).click();
    const clientDrawer = page.locator('.ant-drawer', { has: page.locator('#first_name') });
    await clientDrawer.locator('#first_name').fill('Musa');
    await clientDrawer.locator('#last_name').fill(`Abubakar ${stamp}`);
    await clientDrawer.getByLabel('Male', { exact: true }).check();
    await clientDrawer.locator('#date_of_birth').fill('03/07/1984');
    await clientDrawer.locator('#date_of_birth').press('Tab');
    await clientDrawer.locator('#phone').fill('08031234567');
    await clientDrawer.getByRole('button', { name: 'Save client' }).click();
    await request.locator('.client-chosen', { hasText: `Abubakar ${stamp}` }).waitFor();

    // the TB request form, checked on the page with the contracts' schema: a follow-up needs its month
    await choose(page, '#form_patient_category', 'Relapse');
    await request.locator('.ant-radio-wrapper, .ant-radio-button-wrapper', { hasText: 'Follow-up of treatment' }).click();
    await request.locator('.ant-radio-wrapper, .ant-radio-button-wrapper', { hasText: 'Negative' }).click();
    await request.locator('.ant-radio-wrapper, .ant-radio-button-wrapper', { hasText: 'Initial' }).click();
    await choose(page, '#form_specimen', 'Other (specify)');
    await request.getByPlaceholder('Search tests and panels').fill('Xpert');
    await request.locator('.test-picker__row', { hasText: '(TB-XPERT)' }).click();
    // a panel is one item: its members are not offered apart
    expect(await request.locator('.test-picker__row', { hasText: 'RIF resistance' }).count()).toBe(0);
    await request.getByRole('button', { name: 'Save request' }).click();
    await expect
      .poll(() => request.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(expect.arrayContaining(['Give the month of treatment for a follow-up examination.', 'Name the specimen.']));
    await request.locator('.ant-radio-wrapper, .ant-radio-button-wrapper', { hasText: 'Diagnosis' }).click();
    expect(await request.locator('#form_treatment_month').count()).toBe(0);
    await choose(page, '#form_specimen', 'Sputum (spot)');
    expect(await request.locator('#form_specimen_other').count()).toBe(0);
    await choose(page, '#form_visual_appearance', 'Muco-purulent');
    await request.locator('#form_presumptive_drtb').check();
    const [posted] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/tb_sample/'),
      request.getByRole('button', { name: 'Save request' }).click(),
    ]);
    expect(posted.postDataJSON().form).toMatchObject({
      patient_category: 'relapse',
      reason_for_examination: 'diagnosis',
      treatment_month: null,
      hiv_status: 'negative',
      test_status: 'initial',
      specimen: 'sputum_spot',
      visual_appearance: 'muco_purulent',
      presumptive_drtb: true,
    });

    // one label per sample: Xpert needs one sputum tube
    labNumber = (await request.getByTestId('lab-number').textContent())!.trim();
    expect(labNumber).toMatch(/^[A-Z]{2}-[A-Z]+-\d{3}-\d{2}-\d{6}$/);
    const labels = request.locator('.clin-labels__item');
    await expect.poll(() => labels.count()).toBe(1);
    expect(await request.getByTestId('sample-barcode').textContent()).toBe(labNumber);
    expect(await labels.textContent()).toContain('Sputum');
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    // collection, with the sputum the request named
    const row = await sampleRow(page, labNumber);
    expect(await row.textContent()).toContain('Ordered');
    const modal = await openDialog(page, row.getByRole('button', { name: /Collect/ }));
    await expect.poll(() => modal.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toContain('Sputum');
    await submitDialog(modal, 'Collect', 'collect');
    await expect.poll(() => row.textContent()).toContain('Collected');

    // reception: the label scanned finds the sample, which is accepted (Accepted, never Approved)
    const waiting = await scanAtReception(page, '/programs/tb-sample-reception', labNumber);
    await acceptScanned(page, waiting);
    await page.context().close();
  });

  it('the analyst enters MTB DETECTED MEDIUM and RIF RESISTANCE DETECTED from the vocabulary', async () => {
    const page = await tbUser('ph_analyst');
    await openEntry(page, '/programs/tb-manual-result', labNumber);
    const mtb = page.locator('.entry-test', { hasText: 'MTB detection' });
    const rif = page.locator('.entry-test', { hasText: 'RIF resistance' });
    // a test without a result awaits it, whatever its sample's status
    await expect.poll(() => mtb.locator('.clin-status').textContent()).toBe('Awaiting result');
    await mtb.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'MTB detected, medium' }).click();
    await mtb.getByRole('button', { name: 'Save result' }).click();
    await expect.poll(() => mtb.locator('.clin-status').textContent()).toBe('Entered');
    await rif.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'RIF RESISTANCE DETECTED' }).click();
    await rif.getByRole('button', { name: 'Save result' }).click();
    await expect.poll(() => rif.locator('.clin-status').textContent()).toBe('Entered');
    // the programme's rule flags rifampicin resistance
    await expect.poll(() => rif.locator('.clin-flag').first().textContent()).toBe('RR-TB');
    await page.context().close();
  });

  it('the supervisor validates, approves with the password, sees RR-TB, opens the report and orders the follow-on tests', async () => {
    const page = await tbUser('ph_supervisor');
    await page.goto('/programs/tb-validate-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    // one row per sample, its two results inside, verified together
    const toVerify = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    // one row for the sample, its two Xpert results inside under the panel's name
    await expect.poll(() => toVerify.count()).toBe(1);
    expect(await toVerify.locator('.rv-panel__name').textContent()).toBe('Xpert MTB/RIF');
    expect(await toVerify.locator('.rv-line__name').allTextContents()).toEqual(['MTB detection', 'RIF resistance']);
    // ticked and validated with the bulk button: both results in one request
    await toVerify.locator('.ant-checkbox-input').check();
    const [verified] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/verify/'),
      page.getByRole('button', { name: /Verify selected \(1\)/ }).click(),
    ]);
    expect(verified.status()).toBe(200);
    expect(verified.request().postDataJSON().ids).toHaveLength(2);
    await expect.poll(() => toVerify.count()).toBe(0);

    await page.goto('/programs/tb-approve-results');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toApprove = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toApprove.count()).toBe(1);
    expect(await toApprove.locator('.rv-line', { hasText: 'RIF RESISTANCE DETECTED' }).locator('.clin-flag').textContent()).toBe('RR-TB');
    // the whole sample approved in one action: MTB and RIF under one signature, in one request
    await toApprove.getByRole('button', { name: 'Approve sample (2)' }).click();
    const signature = page.locator('.ant-modal');
    await expect.poll(() => signature.textContent()).toContain('enter your password to approve 2 results');
    expect(await signature.textContent()).toContain(labNumber);
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    const [approved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/approve/'),
      signature.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(approved.status()).toBe(200);
    expect(approved.request().postDataJSON().ids).toHaveLength(2);
    await expect.poll(() => toApprove.count()).toBe(0);

    // the sample: completed, its results approved and flagged RR-TB
    await page.goto('/programs/tb-manage-sample');
    const row = await sampleRow(page, labNumber);
    await expect.poll(() => row.first().textContent()).toContain('Completed');
    await row.first().getByRole('button', { name: /More/ }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'View' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'TB request form' });
    await drawer.waitFor();
    await expect.poll(() => drawer.textContent()).toContain('Relapse');
    await expect.poll(() => drawer.locator('.clin-flag').allTextContents()).toContain('RR-TB');
    expect(await drawer.locator('.clin-status', { hasText: 'Approved' }).count()).toBe(2);

    // the report is the order's PDF
    const [report] = await Promise.all([page.waitForResponse((r) => r.url().includes('/report/')), drawer.getByRole('button', { name: /Report/ }).click()]);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');

    // the follow-on tests in one action, confirmed, on a new sample of the same order
    await drawer.getByRole('button', { name: 'Order follow-on tests (LPA, culture, DST)' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    const [followOn] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/follow_on/')),
      confirm.getByRole('button', { name: 'Order tests' }).click(),
    ]);
    expect(followOn.status()).toBe(201);
    const barcodes = drawer.getByTestId('sample-barcode');
    await expect.poll(() => barcodes.allTextContents()).toContain(`${labNumber}-2`);
    await page.context().close();
  });
});
