import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './browser.js';
import { serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);

const browser = sharedBrowser();

async function newPage(width = 1366): Promise<Page> {
  const context = await browser().newContext({ baseURL, viewport: { width, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  return context.newPage();
}

/** The open create / edit drawer. */
const drawer = (page: Page) => page.locator('.res-drawer');

async function fill(page: Page, field: string, value: string) {
  await drawer(page).locator(`#${field}`).fill(value);
}

/** Open a select (by its field id, or any locator) and click the option with this label, typing it first to filter. */
async function choose(page: Page, select: string | ReturnType<Page['locator']>, label: string, type = false) {
  const input = typeof select === 'string' ? drawer(page).locator(`#${select}`) : select;
  await input.click();
  if (type) await input.pressSequentially(label.slice(0, 6));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Save the drawer and wait for the SPEC's success message. */
async function save(page: Page) {
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await page.getByText('Operation successfully').first().waitFor();
  await drawer(page).waitFor({ state: 'hidden' });
}

async function openAdd(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Add' }).click();
  await drawer(page).locator('form').waitFor();
}

describe('global administration through the pages (super admin)', () => {
  it('creates a facility, with its LGA chosen after the state', async () => {
    const page = await newPage();
    await signIn(page, 'superadmin');
    await openAdd(page, '/administrations/global/manageFacility');
    const name = `E2E Laboratory ${stamp}`;
    await fill(page, 'facility_name', name);
    await fill(page, 'facility_code', `E2E-${stamp}`);
    await choose(page, 'facility_type', 'Public');
    await choose(page, 'tier', 'Primary');
    await choose(page, 'state', 'Lagos', true);
    await choose(page, 'lga', 'Ikeja', true);
    await choose(page, 'programs', 'Tuberculosis', true);
    await page.keyboard.press('Escape');
    await save(page);

    await page.getByPlaceholder('Search').fill(name);
    const row = page.locator('.res-table tbody tr', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    // The programmes' names come from a look-up that may still be loading: the row says them once it has.
    await expect.poll(() => row.innerText()).toMatch(/Ikeja[\s\S]*Tuberculosis/);
  });

  it('shows the server refusing a duplicate facility code on the field and in the notice', async () => {
    const page = await newPage();
    await signIn(page, 'superadmin');
    await openAdd(page, '/administrations/global/manageFacility');
    await fill(page, 'facility_name', 'Duplicate code');
    await fill(page, 'facility_code', `E2E-${stamp}`);
    await choose(page, 'facility_type', 'Private');
    await choose(page, 'tier', 'Secondary');
    await choose(page, 'state', 'Lagos', true);
    await choose(page, 'lga', 'Ikeja', true);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-notification-notice', { hasText: 'FACILITY_CODE' }).waitFor();
    expect(await page.getByText('Error Occurred...').count()).toBeGreaterThan(0);
    await drawer(page).locator('.ant-form-item-has-error #facility_code').waitFor();
  });

  it('creates a state tier user', async () => {
    const page = await newPage();
    await signIn(page, 'superadmin');
    await openAdd(page, '/administrations/global/tierUsers');
    const username = `e2e_tier_${stamp}`;
    await fill(page, 'username', username);
    await fill(page, 'password', 'Harmattan-desk-tier-5');
    await fill(page, 'first_name', 'Ada');
    await fill(page, 'last_name', 'Obi');
    await choose(page, 'user_location', 'State');
    await choose(page, 'states', 'Kano', true);
    await save(page);

    // The list shows one level at a time: switch to State.
    await choose(page, page.locator('.res-toolbar .ant-select').first(), 'State');
    const row = page.locator('.res-table tbody tr', { hasText: username });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Kano');
  });

  it('gives a facility its administrator on Admin Users, who then signs in to manage that facility', async () => {
    const page = await newPage();
    await signIn(page, 'superadmin');
    // "Add Facility" opens the facility form at once
    await page.goto('/addfacility');
    await drawer(page).locator('form').waitFor();
    await drawer(page).getByRole('button', { name: 'Cancel' }).click();

    await openAdd(page, '/admin-user');
    const username = `e2e_admin_${stamp}`;
    await fill(page, 'username', username);
    await fill(page, 'password', 'Sahel-orchid-lantern-31');
    await fill(page, 'first_name', 'Aisha');
    await fill(page, 'last_name', 'Sani');
    await choose(page, 'facility', 'Kano Demo PCR Laboratory', true);
    await choose(page, 'admin_program', 'Tuberculosis', true);
    await save(page);
    await page.locator('.res-toolbar input').first().fill(username);
    const row = page.locator('.res-table tbody tr', { hasText: username });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Kano Demo PCR Laboratory');

    const admin = await newPage();
    await signIn(admin, username, { password: 'Sahel-orchid-lantern-31' });
    await admin.waitForURL('**/administrations/facility/facilityUsers');
    await expect.poll(() => admin.locator('.res-table tbody tr', { hasText: 'kano_supervisor' }).count()).toBe(1);
  });
});

describe('facility administration through the pages', () => {
  it('ph_admin creates a user with two programme roles, who then picks between those two programmes', async () => {
    const page = await newPage();
    await signIn(page, 'ph_admin');
    await openAdd(page, '/administrations/facility/facilityUsers');
    const username = `e2e_staff_${stamp}`;
    await fill(page, 'username', username);
    await fill(page, 'password', 'Baobab-violet-staff-64');
    await fill(page, 'first_name', 'Bola');
    await fill(page, 'last_name', 'Ade');
    const rows = drawer(page).locator('.roles-input__row');
    await choose(page, rows.nth(0).locator('.roles-input__program'), 'Tuberculosis');
    await choose(page, rows.nth(0).locator('.roles-input__role'), 'Analyst');
    await drawer(page).getByRole('button', { name: 'Add a programme role' }).click();
    await choose(page, rows.nth(1).locator('.roles-input__program'), 'EID');
    await choose(page, rows.nth(1).locator('.roles-input__role'), 'Supervisor');
    await save(page);
    const row = page.locator('.res-table tbody tr', { hasText: username });
    await expect.poll(() => row.count()).toBe(1);

    // The new user signs in and is offered exactly those two programmes.
    const staff = await newPage();
    await signIn(staff, username, { password: 'Baobab-violet-staff-64' });
    await staff.waitForURL((url) => url.pathname === '/select-program');
    const tiles = staff.locator('.prog-tile__name');
    await expect.poll(() => tiles.count()).toBe(2);
    expect((await tiles.allTextContents()).sort()).toEqual(['EID', 'Tuberculosis']);
  });

  it('clin_admin creates a reference range with an age band in years', async () => {
    const page = await newPage();
    await signIn(page, 'clin_admin');
    await openAdd(page, '/administrations/facility/testMeasures');
    await drawer(page).locator('#test_type').click();
    // only the tests of the facility's programmes are offered: Ikeja runs General, not Tuberculosis
    const [tb] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/test_type/') && r.url().includes('search=smear')),
      drawer(page).locator('#test_type').pressSequentially('smear'),
    ]);
    expect(new URL(tb.url()).searchParams.get('Filters.program__name__in')).toBe('General');
    expect((await tb.json()).count).toBe(0);
    await drawer(page).locator('#test_type').fill('');
    await drawer(page).locator('#test_type').pressSequentially('Haemoglobin (Hb');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Haemoglobin (Hb)' }).first().click();
    await choose(page, 'sex', 'Female');
    await fill(page, 'age_min', '18');
    await fill(page, 'age_max', '65');
    await fill(page, 'low', '12');
    await fill(page, 'high', '16');
    await fill(page, 'unit', 'g/dL');
    await save(page);

    const row = page.locator('.res-table tbody tr', { hasText: 'Haemoglobin (Hb)' });
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('Female');
    expect(text).toContain('18–65 years');
    expect(text).toContain('12 – 16');

    // a wrong range is deleted, after confirmation
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted').first().waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('clin_admin moves a test service to another bench of its section', async () => {
    const page = await newPage();
    await signIn(page, 'clin_admin');
    await page.goto('/administrations/facility/testService');
    await page.getByPlaceholder('Search').fill('Full blood count');
    const row = page.locator('.res-table tbody tr', { hasText: 'Full blood count' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Haematology Analyser Bench');
    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer(page).locator('form').waitFor();

    // only the benches of the test's section are offered
    await drawer(page).locator('#bench').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(async () => (await options.allTextContents()).sort()).toEqual(['Coagulation Bench', 'Haematology Analyser Bench']);
    await options.filter({ hasText: 'Coagulation Bench' }).click();
    await save(page);
    await expect.poll(() => row.innerText()).toContain('Coagulation Bench');
  });
});
