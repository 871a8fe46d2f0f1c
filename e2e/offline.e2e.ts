import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './browser.js';
import { apiAs as apiAt, serverURL, sharedBrowser } from './suite.js';

/**
 * A receptionist at Yaba loses the connection: she registers a client with an
 * EID and a TB sample on the offline page, prints their labels, reloads the
 * page while still offline (the records are still there), and comes back
 * online — the records are sent once, and reception finds each sample by its
 * lab number or by the provisional number on its label. A reply lost on the
 * way is retried under the same key and still registers once; a test
 * withdrawn on the server meanwhile is shown with its reason.
 */
const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const apiAs = (username: string) => apiAt(baseURL, username);

type Sample = { id: number; barcode: string; provisional_number: string | null };
type Page_ = { count: number; results: Sample[] };

/** Signed in with the service worker at work, on the offline page once it is controlled (its chunks now cached). */
async function offlineReady(): Promise<Page> {
  const context = await browser().newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  context.setDefaultTimeout(20000);
  const page = await context.newPage();
  await signIn(page, 'ph_receptionist');
  if (new URL(page.url()).pathname === '/select-program') {
    await page.locator('.prog-tile', { hasText: 'Tuberculosis' }).first().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  await page.goto('/offline-registration');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15000 }).toBe(true);
  await page.getByText(/Device prefix/).waitFor();
  // Both request forms once while online, so their wording and inputs are in the cache.
  for (const programme of ['EID', 'Tuberculosis']) await pick(page, page.getByTestId('offline-program'), programme);
  return page;
}

/** Choose an option of an Ant Design select by its text. */
async function pick(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
}

/** A text answer no earlier client used: some fields (TB's LGA TB number) become the client's identifiers, one client each. */
let answers = 0;
const freshAnswer = () => `NA-${stamp}-${++answers}`;

/** Answer every question of the request form shown: the first choice of each (conditions reveal more, hence the rounds). */
async function answerForm(page: Page): Promise<void> {
  const text = freshAnswer();
  const card = page.locator('.offline-requests').first();
  for (let round = 0; round < 3; round++) {
    for (const group of await card.locator('.request-form .ant-radio-group').all()) {
      if ((await group.locator('.ant-radio-wrapper-checked').count()) === 0) await group.locator('.ant-radio-wrapper').first().click();
    }
    for (const select of await card.locator('.request-form .ant-select').all()) {
      if ((await select.locator('.ant-select-selection-item').count()) === 0) {
        await select.click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
      }
    }
    for (const input of await card.locator('.request-form input.ant-input').all()) if (!(await input.inputValue())) await input.fill(text);
  }
}

type Request = [programme: string, sampleType: RegExp, test: RegExp];
const EID_PCR: Request = ['EID', /^Dried blood spot$/, /PCR/];
const TB_XPERT: Request = ['Tuberculosis', /^Sputum$/, /^Xpert MTB\/RIF$/];

/** Add one request: programme, sample type, the test named, the form answered. */
async function addRequest(page: Page, [programme, sampleType, test]: Request): Promise<void> {
  await pick(page, page.getByTestId('offline-program'), programme);
  await pick(page, page.getByTestId('offline-sample-type'), sampleType);
  await pick(page, page.getByTestId('offline-tests'), test);
  await answerForm(page);
  await page.getByTestId('offline-add-request').click();
  await page.getByText(new RegExp(`^${programme} ·`)).waitFor();
}

async function registerClient(page: Page, lastName: string, requests: Request[]): Promise<void> {
  await page.getByTestId('offline-first-name').fill('Halima');
  await page.getByTestId('offline-last-name').fill(lastName);
  await page.getByLabel('Female', { exact: true }).check();
  await page.getByTestId('offline-age').fill('1');
  for (const request of requests) await addRequest(page, request);
  await page.getByTestId('offline-save').click();
  await page.getByTestId('offline-label').first().waitFor();
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
}

const stateOf = (page: Page, lastName: string) => page.locator('tr', { hasText: lastName }).getByTestId('offline-state').getAttribute('data-state');

describe('offline registration', () => {
  it('registers offline, survives a reload, syncs once on reconnecting, and reception finds either number', async () => {
    const page = await offlineReady();
    const lastName = `Offline ${stamp}`;
    await page.context().setOffline(true);
    await expect.poll(() => page.getByTestId('offline-connection').textContent()).toBe('Offline');
    await registerClient(page, lastName, [EID_PCR, TB_XPERT]);
    expect(await stateOf(page, lastName)).toBe('waiting');
    await expect.poll(() => page.getByTestId('offline-badge').count()).toBe(1);

    // A reload without a connection: the page comes from the cache, the record from the device.
    await page.reload();
    await page.locator('tr', { hasText: lastName }).waitFor();
    expect(await stateOf(page, lastName)).toBe('waiting');
    const numbers = (await page.locator('tr', { hasText: lastName }).locator('code').allTextContents()).map((s) => s.trim());
    expect(numbers).toHaveLength(2);

    // Back online: sent once, with the lab numbers beside the provisional ones.
    await page.context().setOffline(false);
    await expect.poll(() => stateOf(page, lastName), { timeout: 30000 }).toBe('sent');
    const api = await apiAs('ph_receptionist');
    const clients = await api<{ count: number }>('GET', `/api/clients/?page=1&search=${encodeURIComponent(lastName)}`);
    expect(clients.count).toBe(1);
    const eid = await api<Page_>('GET', `/api/eid_sample/?page=1&search=${encodeURIComponent(lastName)}`);
    const tb = await api<Page_>('GET', `/api/tb_sample/?page=1&search=${encodeURIComponent(lastName)}`);
    expect(eid.count + tb.count).toBe(2);

    // Reception scans the provisional number, or the lab number: the same sample either way.
    for (const [path, found] of [
      ['/api/eid_sample/', eid.results[0]!],
      ['/api/tb_sample/', tb.results[0]!],
    ] as const) {
      const byLab = await api<Page_>('GET', `${path}?page=1&Filters.barcode=${encodeURIComponent(found.barcode)}`);
      expect(byLab.results.map((s) => s.id)).toEqual([found.id]);
    }
    for (const provisional of numbers) {
      const eidHit = await api<Page_>('GET', `/api/eid_sample/?page=1&Filters.barcode=${encodeURIComponent(provisional)}`);
      const tbHit = await api<Page_>('GET', `/api/tb_sample/?page=1&Filters.barcode=${encodeURIComponent(provisional)}`);
      expect([...eidHit.results, ...tbHit.results].map((s) => s.id)).toHaveLength(1);
    }
    // On the reception page: the provisional number scanned finds the TB sample, shown with both numbers.
    const tbSample = tb.results[0]!;
    expect(numbers).toContain(tbSample.provisional_number);
    await page.goto('/programs/tb-sample-reception');
    const scan = page.getByPlaceholder('Scan or type a sample label');
    await scan.fill(tbSample.provisional_number!);
    await scan.press('Enter');
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: tbSample.barcode });
    await expect.poll(() => row.getByTestId('provisional-number').textContent()).toBe(tbSample.provisional_number);
    await page.context().close();
  });

  it('retries a record whose reply was lost, and it registers once', async () => {
    const page = await offlineReady();
    const lastName = `Lost reply ${stamp}`;
    // The first send reaches the server, but its reply never reaches the page.
    let cut = true;
    await page.route('**/api/offline/registrations/', async (route) => {
      if (!cut) return route.continue();
      cut = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await registerClient(page, lastName, [TB_XPERT]);
    await expect.poll(() => (cut ? 'first' : stateOf(page, lastName)), { timeout: 30000 }).toBe('waiting');
    await page.getByTestId('offline-sync').click();
    const seen = async () => `${await stateOf(page, lastName)} ${await page.locator('tr', { hasText: lastName }).getByTestId('offline-state').textContent()}`;
    await expect.poll(seen, { timeout: 30000 }).toMatch(/^sent/);
    const api = await apiAs('ph_receptionist');
    expect((await api<{ count: number }>('GET', `/api/clients/?page=1&search=${encodeURIComponent(lastName)}`)).count).toBe(1);
    expect((await api<Page_>('GET', `/api/tb_sample/?page=1&search=${encodeURIComponent(lastName)}`)).count).toBe(1);
    await page.context().close();
  });

  it('shows the reason when a test was withdrawn on the server meanwhile', async () => {
    const page = await offlineReady();
    const lastName = `Withdrawn ${stamp}`;
    await page.context().setOffline(true);
    await registerClient(page, lastName, [EID_PCR]);
    // Meanwhile the laboratory stops offering the test.
    const admin = await apiAs('ph_admin');
    const record = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('nlims-offline');
          open.onsuccess = () => {
            const all = open.result.transaction('records').objectStore('records').getAll();
            all.onsuccess = () => resolve((all.result as { payload: { requests: { test_types: number[] }[] } }[]).at(-1)!.payload.requests[0]!.test_types[0]!);
          };
        }),
    );
    const services = await admin<{ results: { id: number; test_type: number }[] }>('GET', `/api/facility_test_service/?page=1&Filters.test_type=${record}`);
    const service = services.results[0]!;
    await admin('PATCH', `/api/facility_test_service/${service.id}/`, { is_active: false });
    try {
      await page.context().setOffline(false);
      await expect.poll(() => stateOf(page, lastName), { timeout: 30000 }).toBe('attention');
      const reason = await page.locator('tr', { hasText: lastName }).getByTestId('offline-reason').textContent();
      expect(reason).toContain('Test withdrawn');
      expect(reason).toContain('no longer offered');
    } finally {
      await admin('PATCH', `/api/facility_test_service/${service.id}/`, { is_active: true });
    }
    await page.context().close();
  });
});
