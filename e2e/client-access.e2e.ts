import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './browser.js';
import { apiAs as apiAt, programmeUser, serverURL, sharedBrowser } from './suite.js';

/**
 * A client's HIV identifiers are seen only by the staff of the programme that
 * keeps them (DESIGN §3): a Tuberculosis-only receptionist finds a
 * viral-load client by name and sees the person without the ART number; a
 * Viral Load receptionist sees it. A facility admin grants only the
 * programmes it administers; a merge of unlike records is typed out.
 */
const baseURL = serverURL();
const stamp = Date.now().toString(36);
const PASSWORD = 'Harbour-lantern-62-quiet';
const TB_RECEPTIONIST = `tb_desk_${stamp}`;
const TB_ADMIN = `tb_admin_${stamp}`;
const ART = `ART/E2E/${stamp}`;
const NAME = `Ifeoma Viral${stamp}`;

const browser = sharedBrowser();
const apiAs = (username: string, password?: string) => apiAt(baseURL, username, password);

/** Signed in with its own password, at desktop width, in English. */
async function signedIn(b: () => Browser, username: string, password: string): Promise<Page> {
  const context = await b().newContext({ baseURL, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  await signIn(page, username, { password });
  return page;
}

beforeAll(async () => {
  // The Yaba facility admin makes a Tuberculosis-only receptionist and a Tuberculosis-only admin.
  const admin = await apiAs('ph_admin');
  for (const [username, roles] of [
    [TB_RECEPTIONIST, 'Receptionist'],
    [TB_ADMIN, 'Admin'],
  ] as const) {
    await admin('POST', '/api/users/', {
      username,
      password: PASSWORD,
      first_name: 'Tb',
      last_name: roles,
      programs_roles: [{ programs: 'Tuberculosis', roles }],
    });
  }
  // A Viral Load receptionist registers a client with an ART number.
  const vl = await apiAs('ph_receptionist');
  const types = await vl<{ id: number; name: string }[]>('GET', '/api/client_identifier_type/');
  await vl('POST', '/api/clients/', {
    first_name: 'Ifeoma',
    last_name: `Viral${stamp}`,
    sex: 'female',
    estimated_age_years: 29,
    identifiers: [
      { identifier_type: types.find((t) => t.name === 'Hospital number')!.id, identifier: `HV-${stamp}` },
      { identifier_type: types.find((t) => t.name === 'ART number')!.id, identifier: ART },
    ],
  });
});

/** The register's row for the client, searched by name, and the client's view opened from it. */
async function openClient(page: Page) {
  await page.goto('/clients');
  await page.getByPlaceholder('Find a client by name, phone or identifier').fill(NAME);
  const row = page.locator('.client-table tr.ant-table-row', { hasText: NAME });
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('button', { name: NAME }).click();
  const view = page.locator('.client-view');
  await expect.poll(() => view.locator('.client-idents-view').textContent()).toContain(`HV-${stamp}`);
  return { row, view };
}

describe("a client's HIV identifiers", () => {
  it('a TB-only receptionist finds the viral-load client by name, without the ART number', async () => {
    const page = await programmeUser(browser, baseURL, TB_RECEPTIONIST, 'Tuberculosis', PASSWORD);
    const { row, view } = await openClient(page);
    expect(await row.textContent()).not.toContain(ART);
    expect(await view.textContent()).not.toContain(ART);
    expect(await view.textContent()).not.toContain('ART number');
    // nor by the number itself
    await page.goto('/clients');
    await page.getByPlaceholder('Find a client by name, phone or identifier').fill(ART);
    await page.locator('.client-table, .client-cards').first().waitFor();
    await expect.poll(() => page.locator('.client-table tr.ant-table-row', { hasText: NAME }).count()).toBe(0);
    await page.context().close();
  });

  it('a Viral Load receptionist sees it', async () => {
    const page = await programmeUser(browser, baseURL, 'ph_receptionist', 'Viral Load');
    const { view } = await openClient(page);
    await expect.poll(() => view.locator('.client-idents-view').textContent()).toContain(ART);
    await page.context().close();
  });
});

describe('administration within one programme', () => {
  it("a TB admin's user page offers only Tuberculosis, and locks the users it does not manage", async () => {
    const page = await signedIn(browser, TB_ADMIN, PASSWORD);
    await page.getByRole('heading').first().waitFor();
    await page.goto('/administrations/facility/facilityUsers');
    const supervisor = page.locator('tr.ant-table-row', { hasText: 'ph_supervisor' });
    await expect.poll(() => supervisor.textContent()).toContain('Outside your programmes');
    expect(await supervisor.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    const own = page.locator('tr.ant-table-row', { hasText: TB_ADMIN });
    await expect.poll(() => own.textContent()).toContain('Your own account');

    const mine = page.locator('tr.ant-table-row', { hasText: TB_RECEPTIONIST });
    await mine.getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-drawer-open .roles-input__program').first().click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(['Tuberculosis']);
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('a merge of two records that do not look alike', () => {
  it('is typed out: the Merge button waits for MERGE, and the dialog says what differs', async () => {
    const reception = await apiAs('clin_receptionist');
    await reception('POST', '/api/clients/', { first_name: 'Tunde', last_name: `Unlike${stamp}`, sex: 'male', date_of_birth: '1980-03-01' });
    await reception('POST', '/api/clients/', { first_name: 'Tola', last_name: `Unlike${stamp}`, sex: 'male', date_of_birth: '1980-03-01' });
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto('/clients');
    await page.getByPlaceholder('Find a client by name, phone or identifier').fill(`Tunde Unlike${stamp}`);
    const row = page.locator('.client-table tr.ant-table-row', { hasText: `Tunde Unlike${stamp}` });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `Tunde Unlike${stamp}` }).click();
    await page.locator('.client-view').getByRole('button', { name: 'Merge a duplicate…' }).click();
    const dialog = page.locator('.client-merge');
    await dialog.locator('.client-merge__search').click();
    await dialog.locator('.client-merge__search input').fill(`Tola`);
    await page.locator('.ant-select-item-option', { hasText: `Tola Unlike${stamp}` }).click();
    await expect.poll(() => dialog.locator('.client-merge__differ').textContent()).toContain('differ in first name');
    const merge = dialog.getByRole('button', { name: 'Merge…' });
    expect(await merge.isDisabled()).toBe(true);
    await dialog.locator('.client-merge__confirmation').fill('merge');
    await expect.poll(() => merge.isDisabled()).toBe(false);
    await merge.click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Merge', exact: true }).click();
    await page.locator('.ant-message-notice', { hasText: 'was merged into' }).waitFor();
    await page.context().close();
  });
});
