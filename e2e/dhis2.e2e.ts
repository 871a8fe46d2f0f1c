import { readFile } from 'node:fs/promises';
import { DHIS2_CSV_COLUMNS, type Dhis2MappingItem } from '@nlims/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDhis2, startFakeDhis2 } from '../apps/server/src/modules/dhis2/fake-dhis2.test-helpers.js';
import { signIn } from './browser.js';
import { apiAs, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const CREDENTIALS = { username: 'lims-e2e', password: 'E2e-district-secret' };
const DATA_SET = 'BfMAe6Itzgt';

/**
 * DHIS2 reporting as the super admin: the server set to a local stand-in that checks DHIS2's import format and
 * answers as DHIS2 does; last month previewed, its CSV downloaded, a dry run, then the send, and the import summary
 * in the history. The server setting is put back (none) afterwards, as the demo has it.
 */
describe('DHIS2 reporting', () => {
  let fake: FakeDhis2;
  let page: Page;

  beforeAll(async () => {
    const admin = await apiAs(baseURL, 'superadmin');
    const mappings = await admin<Dhis2MappingItem[]>('GET', '/api/dhis2/mappings/');
    fake = await startFakeDhis2(
      CREDENTIALS,
      mappings.map((m) => m.data_element),
    );
    const context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block', acceptDownloads: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    context.setDefaultTimeout(15000);
    page = await context.newPage();
    await signIn(page, 'superadmin');
  });
  afterAll(async () => {
    const admin = await apiAs(baseURL, 'superadmin');
    await admin('PUT', '/api/dhis2/settings/', { base_url: '', username: '', password: '', data_set: '' });
    await page?.context().close();
    await fake?.close();
  });

  it('the super admin finds the page in the sidebar and sets the server, its password never shown again', async () => {
    await page.getByRole('link', { name: 'DHIS2 Reporting' }).first().click();
    await page.waitForURL((u) => u.pathname === '/interoperability/dhis2');
    await page.getByRole('tab', { name: 'Server' }).click();
    const form = page.getByTestId('dhis2-server');
    await form.getByLabel('Server address').fill(fake.url);
    await form.getByLabel('Username').fill(CREDENTIALS.username);
    await form.getByLabel('Password').fill(CREDENTIALS.password);
    await form.getByLabel('Data set (UID)').fill(DATA_SET);
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/dhis2/settings/'),
      form.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(reply.status()).toBe(200);
    expect(await reply.text()).not.toContain(CREDENTIALS.password);
    await form.getByText('The DHIS2 server is set.').waitFor();
    expect(await form.getByLabel('Password').inputValue()).toBe('');
  });

  it("previews last month's export and downloads it as DHIS2's CSV", async () => {
    await page.getByRole('tab', { name: 'Export' }).click();
    const tab = page.getByTestId('dhis2-export');
    await tab.getByRole('button', { name: 'Preview' }).click();
    const table = tab.getByTestId('dhis2-preview-table');
    await table.waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await tab.getByText(/^Values to send: \d+/).waitFor();
    // Send waits for a dry run.
    expect(await tab.getByTestId('dhis2-send').isDisabled()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), tab.getByTestId('dhis2-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^dhis2-\d{6}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(DHIS2_CSV_COLUMNS.join(','));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]!.split(',')[1]).toMatch(/^\d{6}$/);
  });

  it('runs a dry run the stand-in accepts, then sends, and sees the summary in History', async () => {
    const tab = page.getByTestId('dhis2-export');
    await tab.getByTestId('dhis2-dry-run').click();
    await tab.getByTestId('dhis2-result').getByText('Dry run: DHIS2 answered SUCCESS').waitFor();
    expect(fake.problems).toEqual([]);
    expect(fake.requests.map((r) => r.dryRun)).toEqual([true]);
    expect(fake.stored.size).toBe(0);

    await expect.poll(() => tab.getByTestId('dhis2-send').isEnabled()).toBe(true);
    await tab.getByTestId('dhis2-send').click();
    await tab.getByTestId('dhis2-result').getByText('Sent: DHIS2 answered SUCCESS').waitFor();
    expect(fake.problems).toEqual([]);
    expect(fake.stored.size).toBeGreaterThan(0);

    await tab.getByRole('button', { name: 'Open the history' }).click();
    const history = page.getByTestId('dhis2-history');
    const first = history.locator('tbody tr.ant-table-row').first();
    await first.getByText('Sent', { exact: true }).waitFor();
    await first.getByText('SUCCESS').waitFor();
    expect(await first.locator('td').nth(7).textContent()).toBe(String(fake.stored.size));
    expect(await history.locator('tbody tr.ant-table-row').nth(1).getByText('Dry run').count()).toBe(1);
  });
});
