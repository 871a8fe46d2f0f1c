import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { acceptScanned, openDialog, openEntry, programmeUser, SAMPLE_SEARCH, scanAtReception, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);
const ART = `ART/E2E/${stamp}`;

const browser = sharedBrowser();

const vlUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'Viral Load');

/** Choose an option of an Ant Design select by its visible text. */
async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Choose an option of a searchable select (a long list renders only what is in view): typed, then picked. */
async function search(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.keyboard.type(option.slice(0, 8));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The row of one sample in a list, found through the search box. */
async function sampleRow(page: Page, label: string) {
  await page.getByPlaceholder(SAMPLE_SEARCH).fill(label);
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: label });
  await row.first().waitFor();
  return row;
}

/** A file from the API as the demo supervisor. */
async function asSupervisor(pathname: string): Promise<Buffer> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ph_supervisor', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return Buffer.from(await (await fetch(`${baseURL}${pathname}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
}

/** A PDF's text, through poppler's pdftotext (Debian's poppler-utils). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vl-e2e-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('a day in the viral-load laboratory', () => {
  let labNumber = '';

  it('the receptionist requests a viral load on the VL form, collects and receives the plasma', async () => {
    const page = await vlUser('ph_receptionist');
    await page.waitForURL('**/programs/vl-manage-sample');
    await page.getByRole('button', { name: 'New request' }).click();
    const request = page.locator('.clin-request-drawer');
    await request.locator('.request-form').first().waitFor();

    // the client, registered from the request
    await request.getByRole('button', { name: 'Register client' }).click();
    const clientDrawer = page.locator('.ant-drawer', { has: page.locator('#first_name') });
    await clientDrawer.locator('#first_name').fill('Chioma');
    await clientDrawer.locator('#last_name').fill(`Obi ${stamp}`);
    await clientDrawer.getByLabel('Female', { exact: true }).check();
    await clientDrawer.locator('#date_of_birth').fill('14/02/1990');
    await clientDrawer.locator('#date_of_birth').press('Tab');
    await clientDrawer.locator('#phone').fill('08035550101');
    await clientDrawer.getByRole('button', { name: 'Save client' }).click();
    await request.locator('.client-chosen', { hasText: `Obi ${stamp}` }).waitFor();

    // the VL request form: ART history, regimen and line, pregnancy, reason; "other" asks for the regimen's name
    await request.locator('#form_art_number').fill(ART);
    await request.locator('#form_art_start_date').fill('01/03/2018');
    await request.locator('#form_art_start_date').press('Tab');
    await search(page, '#form_regimen', 'Other (specify)');
    await request.locator('#form_regimen_other').waitFor();
    await search(page, '#form_regimen', 'TDF/3TC/DTG');
    expect(await request.locator('#form_regimen_other').count()).toBe(0);
    await request.locator('.ant-radio-wrapper', { hasText: 'First line' }).click();
    await request.locator('#form_regimen_start_date').fill('15/06/2020');
    await request.locator('#form_regimen_start_date').press('Tab');
    await request.locator('.ant-form-item', { hasText: 'Pregnant' }).locator('.ant-radio-wrapper', { hasText: 'No' }).click();
    await request.locator('.ant-form-item', { hasText: 'Breastfeeding' }).locator('.ant-radio-wrapper', { hasText: 'Yes' }).click();
    await search(page, '#form_reason', 'Routine monitoring');
    await request.getByPlaceholder('Search tests and panels').fill('viral load');
    await request.locator('.test-picker__row', { hasText: '(VL-HIV)' }).click();
    const [posted] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/vl_sample/'),
      request.getByRole('button', { name: 'Save request' }).click(),
    ]);
    expect(posted.postDataJSON().form).toMatchObject({
      art_number: ART,
      art_start_date: '2018-03-01',
      regimen: 'TDF_3TC_DTG',
      regimen_line: 'first',
      regimen_start_date: '2020-06-15',
      pregnant: false,
      breastfeeding: true,
      reason: 'routine',
    });
    labNumber = (await request.getByTestId('lab-number').textContent())!.trim();
    expect(labNumber).toMatch(/^[A-Z]{2}-[A-Z]+-\d{3}-\d{2}-\d{6}$/);
    await expect.poll(() => request.locator('.clin-labels__item').count()).toBe(1);
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    // collection: plasma
    const row = await sampleRow(page, labNumber);
    const modal = await openDialog(page, row.getByRole('button', { name: /Collect/ }));
    await choose(page, '.ant-modal .ant-select', 'Plasma');
    await submitDialog(modal, 'Collect', 'collect');
    await expect.poll(() => row.textContent()).toContain('Collected');

    // reception
    const waiting = await scanAtReception(page, '/programs/vl-sample-reception', labNumber);
    await acceptScanned(page, waiting);
    await page.context().close();
  });

  it('the analyst enters 15,400 copies/mL: the log10 comes with it, the result is unsuppressed and raises the alert', async () => {
    const page = await vlUser('ph_analyst');
    await openEntry(page, '/programs/vl-manual-result', labNumber);
    const copies = page
      .locator('.entry-test', { hasText: 'HIV-1 RNA viral load' })
      .filter({ hasNot: page.locator('text=log10') })
      .first();
    const log = page.locator('.entry-test', { hasText: 'HIV-1 RNA viral load (log10)' });
    // the log10 is not typed: it is computed from the copies
    await log.getByTestId('entry-computed').waitFor();
    // a form the test does not take is refused on the page
    await copies.locator('input').first().fill('about 15000');
    await copies.getByRole('button', { name: 'Save result' }).click();
    await expect.poll(() => copies.locator('.ant-form-item-explain-error').textContent()).toContain('Target not detected');
    await copies.locator('input').first().fill('15,400');
    await copies.getByRole('button', { name: 'Save result' }).click();
    // the classification and the alert, as soon as it is saved
    await page.getByTestId('vl-alert').first().waitFor();
    await expect.poll(() => page.getByTestId('vl-reading').first().textContent()).toContain('Unsuppressed (> 1,000 copies/mL)');
    await expect.poll(() => log.locator('.clin-result').textContent()).toContain('4.19');
    await expect.poll(() => copies.locator('.clin-flag').first().textContent()).toBe('UNSUPPRESSED');
    await page.context().close();
  });

  it('the supervisor validates and approves the sample; the report heads with the unsuppressed result; the repeat is one action, with its label', async () => {
    const page = await vlUser('ph_supervisor');
    await page.goto('/programs/vl-validate-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toVerify = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toVerify.count()).toBe(1);
    // the copies and the log10 under the panel, the copies read as unsuppressed
    expect(await toVerify.locator('.rv-panel__name').textContent()).toBe('HIV-1 viral load');
    await expect.poll(() => toVerify.getByTestId('vl-reading').first().getAttribute('data-category')).toBe('unsuppressed');
    expect(await toVerify.locator('.rv-line__result').first().textContent()).toContain('15,400');
    await toVerify.locator('.ant-checkbox-input').check();
    const [verified] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/verify/'),
      page.getByRole('button', { name: /Verify selected \(1\)/ }).click(),
    ]);
    expect(verified.status()).toBe(200);
    expect(verified.request().postDataJSON().ids).toHaveLength(2);

    await page.goto('/programs/vl-approve-results');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toApprove = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toApprove.count()).toBe(1);
    await toApprove.getByRole('button', { name: 'Approve sample (2)' }).click();
    const signature = page.locator('.ant-modal');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    const [approved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/approve/'),
      signature.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(approved.status()).toBe(200);
    await expect.poll(() => toApprove.count()).toBe(0);

    // the sample: completed, the alert on it, the request form's facts
    await page.goto('/programs/vl-manage-sample');
    const row = await sampleRow(page, labNumber);
    await expect.poll(() => row.first().textContent()).toContain('Completed');
    await row.first().getByRole('button', { name: /More/ }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'View' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'ART number' });
    await drawer.waitFor();
    await expect.poll(() => drawer.textContent()).toContain(ART);
    await drawer.getByTestId('vl-alert').waitFor();

    // the report: the approved PDF, headed with the unsuppressed result and its interpretation
    const [report] = await Promise.all([page.waitForResponse((r) => r.url().includes('/report/')), drawer.getByRole('button', { name: /Report/ }).click()]);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    if (existsSync('/usr/bin/pdftotext')) {
      // the same PDF, fetched again as the supervisor (the page's copy went to a blob)
      const text = pdfText(await asSupervisor(new URL(report.url()).pathname));
      expect(text).toContain('UNSUPPRESSED VIRAL LOAD (> 1,000 copies/mL)');
      expect(text).toContain('15,400');
      expect(text).toMatch(/Interpretation: Unsuppressed \(> 1,000 copies\/mL\)/);
      expect(text).toContain(ART);
    }

    // the repeat after counselling: a new request of the same client in one action, and its label
    const repeat = drawer.getByRole('button', { name: 'Request the repeat viral load' });
    await repeat.click();
    const confirm = page.locator('.ant-modal-confirm');
    const [made] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/follow_on/')), confirm.getByRole('button', { name: 'Request' }).click()]);
    expect(made.status()).toBe(201);
    const created = (await made.json()) as { lab_number: string; samples: { barcode: string }[] };
    expect(created.lab_number).not.toBe(labNumber);
    await expect.poll(() => drawer.getByTestId('sample-barcode').allTextContents()).toContain(created.samples[0]!.barcode);
    // the new request waits for collection in the list
    await page.goto('/programs/vl-manage-sample');
    const repeatRow = await sampleRow(page, created.lab_number);
    await expect.poll(() => repeatRow.first().textContent()).toContain('Ordered');
    await page.context().close();
  });
});
