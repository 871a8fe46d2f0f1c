import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, programmeUser, SAMPLE_SEARCH, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const FAMILY = `Emr${stamp}`;

/** A viral-load request for a new patient, as an EMR posts it to /fhir. */
function vlBundle(owner: number, taskId: string) {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: 'urn:uuid:5f0e2a10-0000-4000-8000-000000000001',
        resource: {
          resourceType: 'Patient',
          identifier: [{ type: { text: 'ART number' }, value: `ART/E2E/${stamp}` }],
          name: [{ family: FAMILY, given: ['Amaka'] }],
          gender: 'female',
          birthDate: '1991-04-02',
        },
        request: { method: 'POST', url: 'Patient' },
      },
      {
        fullUrl: 'urn:uuid:5f0e2a10-0000-4000-8000-000000000002',
        resource: {
          resourceType: 'ServiceRequest',
          status: 'active',
          intent: 'order',
          code: { coding: [{ system: 'http://loinc.org', code: '20447-9' }] },
          subject: { reference: 'urn:uuid:5f0e2a10-0000-4000-8000-000000000001' },
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
      {
        fullUrl: 'urn:uuid:5f0e2a10-0000-4000-8000-000000000003',
        resource: {
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          item: [
            { linkId: 'art_start_date', answer: [{ valueDate: '2022-01-10' }] },
            { linkId: 'regimen', answer: [{ valueCoding: { code: 'TDF_3TC_DTG' } }] },
            { linkId: 'regimen_line', answer: [{ valueCoding: { code: 'first' } }] },
            { linkId: 'reason', answer: [{ valueCoding: { code: 'routine' } }] },
          ],
        },
        request: { method: 'POST', url: 'QuestionnaireResponse' },
      },
      {
        fullUrl: 'urn:uuid:5f0e2a10-0000-4000-8000-000000000004',
        resource: {
          resourceType: 'Task',
          identifier: [{ system: 'https://nmrs.example/e2e', value: taskId }],
          status: 'requested',
          intent: 'order',
          requester: { display: 'Yaba ART clinic' },
          owner: { reference: `Organization/${owner}` },
        },
        request: { method: 'POST', url: 'Task' },
      },
    ],
  };
}

async function yabaId(): Promise<number> {
  const admin = await apiAs(baseURL, 'superadmin');
  const list = await admin<{ results: { id: number; facility_name: string }[] }>('GET', '/api/facilities/?page=1&page_size=100');
  return list.results.find((f) => /yaba/i.test(f.facility_name))!.id;
}

describe('an EMR at Yaba orders a viral load over FHIR', () => {
  let secret = '';

  it("Yaba's administrator creates an API client and sees its secret once", async () => {
    const page: Page = await programmeUser(browser, baseURL, 'ph_admin', 'Viral Load');
    await page.goto('/interoperability/api-clients');
    await page.getByTestId('api-client-table').waitFor();
    await page.getByTestId('api-client-new').click();
    const dialog = page.locator('.ant-modal', { hasText: 'New API client' });
    await dialog.getByTestId('api-client-name').fill(`NMRS e2e ${stamp}`);
    await dialog.getByTestId('api-client-programs').click();
    await page.locator('.ant-select-item-option', { hasText: 'Viral Load' }).click();
    // The open list covers the dialog's buttons: close it.
    await dialog.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/api_client/'),
      dialog.getByRole('button', { name: 'Create' }).click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const shown = page.getByTestId('api-client-secret');
    await shown.waitFor();
    secret = ((await shown.textContent()) ?? '').trim();
    expect(secret).toMatch(/^nlk_/);
    await page.getByText('it will not be shown again', { exact: false }).waitFor();
    await page.getByTestId('api-client-secret-done').click();
    await shown.waitFor({ state: 'detached' });
    // Listed, never again with its secret.
    await page.locator('.ant-table-row', { hasText: `NMRS e2e ${stamp}` }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('a bundle posted through the API appears on the VL sample-management page; the receptionist accepts it and finds the sample', async () => {
    expect(secret).not.toBe('');
    const posted = await fetch(`${baseURL}/fhir`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify(vlBundle(await yabaId(), `E2E-${stamp}`)),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);

    const page = await programmeUser(browser, baseURL, 'ph_receptionist', 'Viral Load');
    await page.goto('/programs/vl-manage-sample');
    const panel = page.getByTestId('electronic-requests');
    await panel.waitFor();
    const item = panel.locator('.ant-list-item', { hasText: FAMILY });
    await item.waitFor();
    expect(await item.textContent()).toContain('HIV-1 RNA viral load');
    const [accepted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/electronic_request\/\d+\/accept\/$/.test(new URL(r.url()).pathname)),
      item.getByRole('button', { name: 'Accept' }).click(),
    ]);
    expect(accepted.status(), await accepted.text()).toBe(200);
    const labNumber = ((await accepted.json()) as { lab_number: string }).lab_number;
    await page.getByTestId('electronic-request-done').waitFor();
    // The new sample, under its laboratory number, with the patient's name.
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(FAMILY);
  });
});
