import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs as apiAt, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const stamp = Date.now().toString(36);

const browser = sharedBrowser();
const apiAs = (username: string, password?: string) => apiAt(baseURL, username, password);

const userIn = (username: string, programme: string): Promise<Page> => programmeUser(browser, baseURL, username, programme);

/** The register's rows (table on a desktop) for a search. */
async function searchRegister(page: Page, term: string) {
  await page.getByPlaceholder('Find a client by name, phone or identifier').fill(term);
  return page.locator('.client-table tr.ant-table-row', { hasText: term });
}

describe('the client register', () => {
  it('a TB receptionist registers a client and finds it by name', async () => {
    const page = await userIn('ph_receptionist', 'Tuberculosis');
    await page.goto('/clients');
    await page.getByRole('heading', { name: 'Clients' }).waitFor();

    await page.getByRole('button', { name: 'Register client' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Register a client' });
    await drawer.locator('#first_name').fill('Musa');
    await drawer.locator('#last_name').fill(`Danjuma ${stamp}`);
    await drawer.getByLabel('Male', { exact: true }).check();
    await drawer.getByText('Estimated age', { exact: true }).click();
    await drawer.locator('#estimated_age_years').fill('41');
    await drawer.locator('#phone').fill('08071234567');
    await drawer.getByPlaceholder('Identifier', { exact: true }).fill(`YB-${stamp}`);
    await drawer.getByRole('button', { name: 'Save client' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const rows = await searchRegister(page, `Danjuma ${stamp}`);
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(`YB-${stamp}`);
    await expect.poll(() => rows.first().textContent()).toContain('08071234567');

    // the view: details and identifiers; a TB receptionist sees the client's TB and other programmes' samples, not General's, and may not merge
    await rows
      .first()
      .getByRole('button', { name: `Musa Danjuma ${stamp}` })
      .click();
    const view = page.locator('.client-view');
    await expect.poll(() => view.locator('.client-idents-view').textContent()).toContain(`YB-${stamp}`);
    await expect.poll(() => view.getByText('Orders and results · Tuberculosis').count()).toBe(1);
    expect(await view.getByText('Orders and results · General').count()).toBe(0);
    expect(await view.getByRole('button', { name: 'Merge a duplicate…' }).count()).toBe(0);
    await expect.poll(() => view.locator('.client-details').textContent()).toContain('about 41 y');

    // edit: the same form, filled with the client's details
    await view.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('.ant-drawer', { hasText: 'Edit client' });
    expect(await form.locator('#last_name').inputValue()).toBe(`Danjuma ${stamp}`);
    expect(await form.locator('#estimated_age_years').inputValue()).toBe('41');
    await form.locator('#phone').fill('08079990000');
    await form.getByRole('button', { name: 'Save client' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => view.locator('.client-details').textContent()).toContain('08079990000');
    await expect.poll(() => view.locator('.client-details').textContent()).toContain('about 41 y');
    await page.context().close();
  });

  it('a supervisor merges two records of one person, and one remains', async () => {
    const reception = await apiAs('clin_receptionist');
    const name = `Adeyemi ${stamp}`;
    const keep = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Bisi',
      last_name: name,
      sex: 'female',
      date_of_birth: '1992-01-20',
      identifiers: [{ identifier_type: 1, identifier: `HK-${stamp}` }],
    });
    const duplicate = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Bisi',
      last_name: name,
      sex: 'female',
      estimated_age_years: 34,
      phone: '08035550000',
      identifiers: [{ identifier_type: 1, identifier: `HD-${stamp}` }],
    });
    const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
    const order = await reception<{ lab_number: string }>('POST', '/api/general_order/', {
      client: duplicate.id,
      test_types: [tests.find((x) => x.code === 'RBG')!.id],
    });
    expect(keep.id).not.toBe(duplicate.id);

    const page = await userIn('clin_supervisor', 'General');
    await page.goto('/clients');
    const rows = await searchRegister(page, name);
    await expect.poll(() => rows.count()).toBe(2);

    // open the record to keep (the one with hospital number HK-…) and merge the other into it
    await page
      .locator('.client-table tr.ant-table-row', { hasText: `HK-${stamp}` })
      .getByRole('button', { name: `Bisi ${name}` })
      .click();
    const view = page.locator('.client-view');
    await view.getByRole('button', { name: 'Merge a duplicate…' }).click();
    const dialog = page.locator('.client-merge');
    await dialog.locator('.client-merge__search').click();
    await dialog.locator('.client-merge__search input').fill(`HD-${stamp}`);
    await page.locator('.ant-select-item-option', { hasText: `HD-${stamp}` }).click();
    // both side by side, the opened record kept
    await expect.poll(() => dialog.locator('.client-merge__record').count()).toBe(2);
    await expect.poll(() => dialog.locator('.client-merge__record--keep').textContent()).toContain(`HK-${stamp}`);
    await expect.poll(() => dialog.locator('.client-merge__record--duplicate').textContent()).toContain(`HD-${stamp}`);
    await dialog.getByRole('button', { name: 'Merge…' }).click();

    // the confirmation names both records
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent()).toContain(`Bisi ${name} (HD-${stamp}) into Bisi ${name} (HK-${stamp})`);
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.locator('.ant-message-notice', { hasText: 'was merged into' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // the kept record has both identifiers, the phone it lacked and the duplicate's order
    await expect.poll(() => view.locator('.client-idents-view').textContent()).toContain(`HD-${stamp}`);
    await expect.poll(() => view.locator('.client-details').textContent()).toContain('08035550000');
    await expect.poll(() => view.locator('.client-order').first().textContent()).toContain(order.lab_number);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(`Bisi ${name}`);
    await page.context().close();
  });
});
