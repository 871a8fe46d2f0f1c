import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { acceptScanned, openDialog, openEntry, programmeUser, SAMPLE_SEARCH, scanAtReception, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);
const EPID = `NIE-LAS-LMD-26-${String(Date.now() % 100000).padStart(5, '0')}`;

const browser = sharedBrowser();

const lassaUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'Lassa Fever');

/** The text of a PDF (poppler's pdftotext, beside the Chromium the suite drives). */
const pdfText = (pdf: Buffer): string => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

/** One radio of a case-form question, by the question's field name and the answer's label. */
const answer = (page: Page, field: string, label: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#form_${field}`) }).locator('.ant-radio-wrapper', { hasText: new RegExp(`^${label}$`) });

describe('a day in the Lassa fever laboratory', () => {
  let labNumber = '';

  it('the receptionist registers the case on the case-investigation form, collects and receives the sample', async () => {
    const page = await lassaUser('ph_receptionist');
    await page.waitForURL('**/programs/ph-manage-sample');
    await page.getByRole('button', { name: 'New request' }).click();
    const request = page.locator('.clin-request-drawer');
    await request.locator('.request-form').first().waitFor();

    await request.getByRole('button', { name: 'Register client' }).click();
    const clientDrawer = page.locator('.ant-drawer', { has: page.locator('#first_name') });
    await clientDrawer.locator('#first_name').fill('Efosa');
    await clientDrawer.locator('#last_name').fill(`Osagie ${stamp}`);
    await clientDrawer.getByLabel('Male', { exact: true }).check();
    await clientDrawer.locator('#date_of_birth').fill('11/02/1990');
    await clientDrawer.locator('#date_of_birth').press('Tab');
    await clientDrawer.locator('#phone').fill('08039876543');
    await clientDrawer.getByRole('button', { name: 'Save client' }).click();
    await request.locator('.client-chosen', { hasText: `Osagie ${stamp}` }).waitFor();

    // The case form: a wrong EPID number and a missing onset are caught on the page, with the contracts' schema.
    await request.locator('#form_epid_number').fill('LAS-17');
    await request.getByPlaceholder('Search tests and panels').fill('Lassa');
    await request.locator('.test-picker__row', { hasText: '(LASSA-PCR)' }).click();
    // the panel is one item: its Ct members are not offered apart
    expect(await request.locator('.test-picker__row', { hasText: 'L gene Ct' }).count()).toBe(0);
    await request.getByRole('button', { name: 'Save request' }).click();
    await expect
      .poll(() => request.locator('.ant-form-item-explain-error').allTextContents())
      .toEqual(expect.arrayContaining(['EPID number: enter it as NIE-LAS-IKJ-26-001.', 'Date of onset: this field is required.']));
    await request.locator('#form_epid_number').fill(EPID);
    const onset = new Date(Date.now() - 3 * 86_400_000);
    const dd = (n: number) => String(n).padStart(2, '0');
    await request.locator('#form_date_of_onset').fill(`${dd(onset.getDate())}/${dd(onset.getMonth() + 1)}/${onset.getFullYear()}`);
    await request.locator('#form_date_of_onset').press('Tab');
    for (const symptom of ['Fever (≥ 38 °C)', 'Sore throat', 'Unexplained bleeding'])
      await request.locator('.ant-checkbox-wrapper', { hasText: symptom }).click();
    // "Where" is asked only for a traveller
    expect(await request.locator('#form_travel_place').count()).toBe(0);
    await answer(page, 'travelled', 'Yes').click();
    await request.locator('#form_travel_place').fill('Irrua, Edo');
    await answer(page, 'contact_with_case', 'Yes').click();
    await answer(page, 'hospitalised', 'No').click();
    await answer(page, 'outcome', 'Alive').click();
    await answer(page, 'specimen', 'Serum').click();
    // Lassa fever has no vaccine: the form does not ask
    expect(await request.locator('#form_vaccinated').count()).toBe(0);
    const [posted] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/public_health_sample/'),
      request.getByRole('button', { name: 'Save request' }).click(),
    ]);
    expect(posted.postDataJSON()).toMatchObject({
      program: 'Lassa Fever',
      form: {
        epid_number: EPID,
        symptoms: ['fever', 'sore_throat', 'bleeding'],
        travelled: 'yes',
        travel_place: 'Irrua, Edo',
        contact_with_case: 'yes',
        hospitalised: 'no',
        outcome: 'alive',
        specimen: 'serum',
      },
    });
    labNumber = (await request.getByTestId('lab-number').textContent())!.trim();
    await page.keyboard.press('Escape');
    await request.waitFor({ state: 'hidden' });

    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await row.first().waitFor();
    const modal = await openDialog(page, row.getByRole('button', { name: /Collect/ }));
    await submitDialog(modal, 'Collect', 'collect');
    await expect.poll(() => row.textContent()).toContain('Collected');

    const waiting = await scanAtReception(page, '/programs/ph-sample-reception', labNumber);
    await acceptScanned(page, waiting);
    await page.context().close();
  });

  it('the analyst enters DETECTED with the Ct of each target; the notifiable flag is raised', async () => {
    const page = await lassaUser('ph_analyst');
    await openEntry(page, '/programs/ph-manual-result', labNumber);
    const result = page.locator('.entry-test', { hasText: 'RT-PCR - result' });
    await result.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^DETECTED$/ }).click();
    await page.locator('.entry-test', { hasText: 'GPC (S segment) Ct' }).locator('input').first().fill('24.6');
    await page.locator('.entry-test', { hasText: 'L gene Ct' }).locator('input').first().fill('27.1');
    await page.getByRole('button', { name: 'Save all typed results' }).click();
    await expect.poll(() => page.locator('.entry-test .clin-status', { hasText: 'Entered' }).count()).toBe(3);
    await expect.poll(() => result.locator('.clin-flag').first().textContent()).toBe('LASSA FEVER POSITIVE');
    await page.context().close();
  });

  it('the supervisor validates and approves; the PDF carries the notifiable mark; the case is notified from the list', async () => {
    const page = await lassaUser('ph_supervisor');
    await page.goto('/programs/ph-validate-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toVerify = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toVerify.count()).toBe(1);
    await toVerify.locator('.ant-checkbox-input').check();
    const [verified] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/verify/'),
      page.getByRole('button', { name: /Verify selected \(1\)/ }).click(),
    ]);
    expect(verified.status()).toBe(200);
    expect(verified.request().postDataJSON().ids).toHaveLength(3);

    await page.goto('/programs/ph-approve-results');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const toApprove = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toApprove.count()).toBe(1);
    await toApprove.getByRole('button', { name: 'Approve sample (3)' }).click();
    const signature = page.locator('.ant-modal');
    await expect.poll(() => signature.textContent()).toContain('enter your password to approve 3 results');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    const [approved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/approve/'),
      signature.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(approved.status()).toBe(200);

    // The report: the case form, the result with its Ct values and the notifiable banner.
    await page.goto('/programs/ph-manage-sample');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => row.first().textContent()).toContain('Completed');
    await row.first().getByRole('button', { name: /More/ }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'View' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: EPID });
    await drawer.waitFor();
    await expect.poll(() => drawer.locator('.clin-flag').allTextContents()).toContain('LASSA FEVER POSITIVE');
    const [report] = await Promise.all([page.waitForResponse((r) => r.url().includes('/report/')), drawer.getByRole('button', { name: /Report/ }).click()]);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    // The same PDF fetched again with the supervisor's token, to read its text.
    const login = await fetch(`${baseURL}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ph_supervisor', password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const pdf = await fetch(report.url(), { headers: { authorization: `Bearer ${token}` } });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('LASSA FEVER POSITIVE: NOTIFIABLE DISEASE');
    expect(text).toContain(EPID);
    expect(text).toMatch(/GPC \(S segment\) Ct\s+24\.6/);
    await page.keyboard.press('Escape');

    // The case waits on the "to notify" list; marked notified, it moves to the notified ones.
    await page.goto('/programs/ph-notify');
    // the sidebar counts the cases waiting to be notified
    const menuItem = page.locator('.app-sider .ant-menu-item', { has: page.locator('a[href="/programs/ph-notify"]') });
    await expect.poll(() => menuItem.locator('.ant-badge').count()).toBe(1);
    await page.getByPlaceholder('Lab number, EPID number or client').fill(EPID);
    const waiting = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.locator('.clin-flag').textContent()).toBe('LASSA FEVER POSITIVE');
    await waiting.getByRole('button', { name: 'Mark notified' }).click();
    const mark = page.locator('.ant-modal', { hasText: labNumber });
    await mark.locator('#notified_to').fill('LGA DSNO, Lagos Mainland');
    await mark.locator('#note').fill('By telephone');
    const [notified] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/notified/')),
      mark.getByRole('button', { name: 'Mark notified' }).click(),
    ]);
    expect(notified.status()).toBe(200);
    await expect.poll(() => waiting.count()).toBe(0);
    await page.locator('.ant-segmented-item', { hasText: 'Notified' }).click();
    const done = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => done.textContent()).toContain('LGA DSNO, Lagos Mainland');
    expect(await done.textContent()).toContain('ph_supervisor');
    await page.context().close();
  });

  it('the receptionist sees why a sample was rejected and requests a new sample in one action', async () => {
    const page = await lassaUser('ph_receptionist');
    await page.goto('/programs/ph-rejected-sample');
    // the demo laboratory's haemolysed Lassa sample
    await page.getByPlaceholder(SAMPLE_SEARCH).fill('Afolabi');
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: 'Afolabi' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Request a new sample' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Rejected sample' });
    await expect.poll(() => dialog.textContent()).toContain('Haemolysed sample');
    expect(await dialog.textContent()).toContain('ph_receptionist');
    expect(await dialog.textContent()).toContain('Lassa virus RT-PCR');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/public_health_sample/'),
      dialog.getByRole('button', { name: 'Request a new sample' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const body = created.request().postDataJSON();
    expect(body).toMatchObject({ program: 'Lassa Fever', form: { specimen: 'whole_blood' } });
    expect(body.test_types).toHaveLength(1);
    const lab = (await created.json()).lab_number as string;
    await expect.poll(() => page.locator('.ant-message-notice').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(lab)]));
    // the new request waits for collection on the sample list
    await page.goto('/programs/ph-manage-sample');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(lab);
    await expect.poll(() => page.locator('.clin-table tr.ant-table-row', { hasText: lab }).textContent()).toContain('Ordered');
    await page.context().close();
  });

  it('the analyst runs again an inconclusive PCR sent for retest', async () => {
    const page = await lassaUser('ph_analyst');
    await page.goto('/programs/ph-retest');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill('Okon');
    const header = page.locator('.entry-samples .ant-collapse-header', { hasText: 'Okon' });
    await expect.poll(() => header.count()).toBe(1);
    expect(await header.textContent()).toContain('INCONCLUSIVE');
    await header.click();
    const result = page.locator('.entry-test', { hasText: 'RT-PCR - result' });
    await expect.poll(() => result.textContent()).toContain('Previous run: INCONCLUSIVE');
    await result.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^NOT DETECTED$/ }).click();
    await result.getByRole('button', { name: 'Save result' }).click();
    await expect.poll(() => result.locator('.clin-status').textContent()).toBe('Entered');
    // the Ct members follow the new run: not applicable after NOT DETECTED
    await expect.poll(() => page.locator('.entry-test', { hasText: 'L gene Ct' }).locator('.clin-status').textContent()).not.toBe('Retest');
    await page.context().close();
  });
});
