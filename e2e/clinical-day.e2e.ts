import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { openDialog, programmeUser, SAMPLE_SEARCH, serverURL, sharedBrowser, submitDialog } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);

const browser = sharedBrowser();

const clinicalUser = (username: string): Promise<Page> => programmeUser(browser, baseURL, username, 'General');

/** The row of one sample in a list, found through the search box. */
async function sampleRow(page: Page, labNumber: string) {
  await page.getByPlaceholder('Laboratory number, name, phone or identifier').fill(labNumber);
  const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
  await row.waitFor();
  return row;
}

describe('a day in the clinical laboratory', () => {
  let labNumber = '';

  it('the receptionist registers a client, orders a test, collects and accepts the sample', async () => {
    const page = await clinicalUser('clin_receptionist');
    await page.waitForURL('**/clinical/lab-order');

    // register the client from the lab-order page
    await page.getByRole('button', { name: 'Register client' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('#first_name').fill('Amaka');
    await drawer.locator('#last_name').fill(`Eze ${stamp}`);
    await drawer.getByLabel('Female').check();
    // dates are typed day first, whatever the browser's locale, and posted as YYYY-MM-DD
    const dob = drawer.locator('#date_of_birth');
    expect(await dob.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    await dob.fill('12/04/1990');
    await dob.press('Tab');
    await drawer.locator('#phone').fill('08030000000');
    await drawer.getByPlaceholder('Identifier', { exact: true }).fill(`H-${stamp}`);
    const [created] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/clients/'),
      drawer.getByRole('button', { name: 'Save client' }).click(),
    ]);
    expect(created.postDataJSON().date_of_birth).toBe('1990-04-12');
    await page.locator('.client-chosen', { hasText: `Eze ${stamp}` }).waitFor();

    // one numeric test, priced in naira
    await page.getByPlaceholder('Search tests and panels').fill('Random blood glucose');
    await page.locator('.test-picker__row', { hasText: 'Random blood glucose' }).click();
    await expect.poll(() => page.locator('.test-picker__total').textContent()).toMatch(/Total: ₦[\d,]+\.\d\d/);
    await page.locator('#requesting_clinician').fill('Dr Bello');
    await page.getByRole('button', { name: 'Save order' }).click();
    labNumber = (await page.getByTestId('lab-number').textContent())!.trim();
    expect(labNumber).toMatch(/^LA-IKJ-001-\d{2}-\d{6}$/);
    // one label to print per sample: glucose needs one tube
    expect(await page.getByTestId('sample-barcode').allTextContents()).toEqual([labNumber]);

    // collection: now, with the suggested sample type
    await page.goto('/clinical/manage-sample');
    const row = await sampleRow(page, labNumber);
    const modal = await openDialog(page, row.getByRole('button', { name: /Collect/ }));
    await modal.locator('#sample_type').waitFor();
    await expect.poll(() => modal.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).not.toBe('');
    // the collection time is shown DD/MM/YYYY HH:mm and posted in Lagos time
    expect(await modal.locator('#collected_at').inputValue()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    const collect = await submitDialog(modal, 'Collect', 'collect');
    expect(collect.postDataJSON().collected_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+01:00$/);
    await expect.poll(() => row.textContent()).toContain('Collected');

    // reception accepts it: the collected list, then the sample found by its label (scanned or typed) shows Accepted
    await page.goto('/clinical/sample-reception');
    const waiting = await sampleRow(page, labNumber);
    await waiting.getByRole('button', { name: /Accept/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.locator('.clin-table tr.ant-table-row', { hasText: labNumber }).count()).toBe(0);
    const scan = page.getByPlaceholder('Scan or type a sample label');
    await scan.fill(labNumber);
    await scan.press('Enter');
    await expect.poll(() => page.locator('.clin-table tr.ant-table-row', { hasText: labNumber }).textContent()).toContain('Accepted');
    await page.context().close();
  });

  it('the analyst enters the result and sees its flag', async () => {
    const page = await clinicalUser('clin_analyst');
    // the workplan lists the test under its section and bench, with its due time
    await page.goto('/clinical/workplan');
    await page.getByPlaceholder('Laboratory number, name, phone or identifier').fill(labNumber);
    const card = page.locator('.workplan__section', { hasText: labNumber });
    await card.waitFor();
    // (the demo's week at Ikeja's cash desk, and other journeys, have tests waiting on the same bench)
    expect(await card.locator('.ant-card-head-title').textContent()).toMatch(/^Clinical Chemistry · Chemistry Analyser Bench \(\d+\)$/);
    expect(await card.locator('tr.ant-table-row', { hasText: labNumber }).textContent()).toContain('Random blood glucose');

    await page.goto('/clinical/enter-results');
    await page.getByPlaceholder('Laboratory number, name, phone or identifier').fill(labNumber);
    await page.locator('.entry-samples .ant-collapse-header', { hasText: labNumber }).click();
    const form = page.locator('form.entry').first();
    await form.locator('#value').fill('14.2');
    await form.getByRole('button', { name: 'Save result' }).click();
    await page
      .getByText(/Result saved/)
      .first()
      .waitFor();
    await expect.poll(() => page.locator('.entry-test').first().textContent(), { timeout: 10000 }).toContain('Entered');
    await page.context().close();
  });

  it('the supervisor validates and approves with the password, then opens the report', async () => {
    const page = await clinicalUser('clin_supervisor');
    await page.goto('/clinical/validate-results');
    // one row per sample: its glucose inside with value, flag and who entered it
    const toVerify = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toVerify.locator('.rv-line').textContent()).toContain('Random blood glucose');
    expect(await toVerify.locator('.rv-line').textContent()).toContain('Entered by: Clin Analyst');
    await toVerify.getByRole('button', { name: 'Verify sample (1)' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => toVerify.count()).toBe(0);

    await page.goto('/clinical/approve-results');
    const toApprove = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await toApprove.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /Approve selected \(1\)/ }).click();
    const signature = page.locator('.ant-modal');
    await expect.poll(() => signature.textContent()).toContain('enter your password to approve 1 result.');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    await signature.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toApprove.count()).toBe(0);

    // the facility dashboard counts today's approval in its declared tiles, as the server replies
    const [dashboard] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/facility_general_order_dashboard/'),
      page.goto('/clinical/dashboard'),
    ]);
    const figures = await dashboard.json();
    expect(figures.today.approved).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('general-stat-approved').textContent()).toContain(String(figures.today.approved));
    expect(await page.getByTestId('general-stat-approved').textContent()).toContain('Results approved today');
    expect(await page.getByTestId('general-stat-medianTat').textContent()).toMatch(/Reception to approval, \d+ approved/);
    expect(await page.locator('.dash__card', { hasText: 'Orders in the last 14 days' }).locator('canvas').count()).toBe(1);

    await page.goto('/manage-result');
    // the demo's history is released too: find this sample
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const released = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    const [report] = await Promise.all([page.waitForResponse((r) => r.url().includes('/report/')), released.getByRole('button', { name: /Report/ }).click()]);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');

    // the sample is now completed, and listed apart from the samples still in progress
    await page.goto('/clinical/manage-sample');
    await page.getByRole('combobox', { name: 'Progress' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Completed' }).click();
    const finished = await sampleRow(page, labNumber);
    expect(await finished.textContent()).toContain('Completed');
    expect(await finished.textContent()).not.toContain('Ongoing');
    // the ordered-date filter, typed day first: a list from tomorrow (Lagos time) leaves today's sample out
    const tomorrow = new Date(Date.now() + 86_400_000);
    const lagosDate = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Africa/Lagos', day: '2-digit', month: '2-digit', year: 'numeric' }).format(tomorrow);
    const from = page.getByLabel('From');
    const filtered = page.waitForRequest((r) => r.url().includes('start_date='));
    await from.fill(lagosDate('en-GB'));
    await from.press('Tab');
    expect(new URL((await filtered).url()).searchParams.get('start_date')).toBe(lagosDate('en-CA'));
    await expect.poll(() => finished.count()).toBe(0);
    await page.context().close();
  });
  it('the supervisor amends the released result; a second supervisor verifies and approves the amendment', async () => {
    const page = await clinicalUser('clin_supervisor');
    await page.goto('/manage-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const released = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await released.getByRole('button', { name: 'Amend' }).click();
    const modal = page.locator('.ant-modal');
    await modal.locator('#value').fill('15.1');
    await modal.locator('#reason').fill('Transcription error');
    await modal.locator('input[type=password]').fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Amend' }).click();
    await page.getByText('Amendment entered; it awaits verification.').first().waitFor();
    // the released value stays in force until the amendment is approved
    await expect.poll(() => released.textContent()).toContain('14.2');
    await page.context().close();

    const reviewer = await clinicalUser('clin_reviewer');
    await reviewer.goto('/clinical/validate-results');
    const toVerify = reviewer.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => toVerify.textContent()).toContain('Transcription error');
    expect(await toVerify.textContent()).toContain('Amendment');
    expect(await toVerify.getByRole('button', { name: 'Retest' }).count()).toBe(0);
    await toVerify.getByRole('button', { name: 'Verify sample (1)' }).click();
    await reviewer.locator('.ant-popconfirm').getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => toVerify.count()).toBe(0);
    await reviewer.goto('/clinical/approve-results');
    const toApprove = reviewer.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    const signature = await openDialog(reviewer, toApprove.getByRole('button', { name: 'Approve sample (1)' }));
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    await submitDialog(signature, 'Approve', 'approve');
    await expect.poll(() => toApprove.count()).toBe(0);
    await reviewer.goto('/manage-result');
    await reviewer.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const amended = reviewer.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await expect.poll(() => amended.textContent()).toContain('15.1');
    expect(await amended.textContent()).toContain('amended');
    await reviewer.context().close();
  });
});
