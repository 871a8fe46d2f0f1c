import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, programmeUser, SAMPLE_SEARCH, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
const CODE = `SOP-E2E-${stamp}`.toUpperCase();

/** A small but real PDF: the server knows a file by its bytes, not by its name. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
const html = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>\n');

/** A queued file's line on an upload form, once the server has answered for it. */
async function answered(page: Page, name: string): Promise<{ state: string; text: string }> {
  const line = page.locator('.files-queue__item', { hasText: name });
  await expect.poll(() => line.getAttribute('data-state')).toMatch(/done|error/);
  return { state: (await line.getAttribute('data-state'))!, text: (await line.textContent())! };
}

/** A random blood glucose ordered, collected, accepted, entered, verified and approved through the API: its sample's id and lab number. */
async function releasedGlucose(): Promise<{ sample: number; labNumber: string }> {
  const reception = await apiAs(baseURL, 'clin_receptionist');
  const analyst = await apiAs(baseURL, 'clin_analyst');
  const reviewer = await apiAs(baseURL, 'clin_reviewer');
  const supervisor = await apiAs(baseURL, 'clin_supervisor');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const client = await reception<{ id: number }>('POST', '/api/clients/', {
    first_name: 'Halima',
    last_name: `Files-${stamp}`,
    sex: 'female',
    estimated_age_years: 34,
  });
  const placed = await reception<{ samples: { id: number; sample_type: number | null; tests: { id: number }[] }[] }>('POST', '/api/general_order/', {
    client: client.id,
    test_types: [tests.find((x) => x.code === 'RBG')!.id],
  });
  const sample = placed.samples[0]!;
  await reception('POST', `/api/general_order/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: sample.sample_type ?? 1 });
  await reception('POST', `/api/general_order/${sample.id}/accept/`, {});
  const result = await analyst<{ id: number }>('POST', '/api/results/', { test_order: sample.tests[0]!.id, value: 5.4 });
  await reviewer('POST', '/api/results/verify/', { ids: [result.id] });
  await supervisor('POST', '/api/results/approve/', { ids: [result.id], password: DEMO_PASSWORD });
  const detail = await reception<{ lab_number: string }>('GET', `/api/general_order/${sample.id}/`);
  return { sample: sample.id, labNumber: detail.lab_number };
}

describe('documents, files and attachments', () => {
  it('a supervisor uploads an SOP as version 1, then version 2; version 1 is superseded and still downloadable', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');

    // version 1, from the upload page, as a controlled document
    await page.goto('/file-management/upload-files');
    // the page settled: nothing chosen is lost to a late redraw
    await page.waitForLoadState('networkidle');
    await page.getByRole('checkbox', { name: /controlled document/ }).check();
    await page.locator('.files-upload input[type=file]').setInputFiles({ name: 'sop-glucose-v1.pdf', mimeType: 'application/pdf', buffer: pdf('version 1') });
    await page.locator('#code').fill(CODE);
    await page.locator('#title').fill('Blood glucose measurement');
    await page.locator('#approved_by').fill('Dr Adaeze Nwosu');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    expect(await answered(page, 'sop-glucose-v1.pdf')).toEqual({ state: 'done', text: expect.stringContaining('Uploaded as version 1.') });

    // version 2, from the controlled documents: the code is kept
    await page.goto('/file-management/documents?tab=documents');
    const rows = page.locator('[data-testid=documents] tr.ant-table-row', { hasText: CODE });
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('button', { name: 'New version' }).click();
    const dialog = page.locator('.ant-modal', { hasText: `New version of ${CODE}` });
    await dialog.waitFor();
    expect(await dialog.locator('#code').inputValue()).toBe(CODE);
    expect(await dialog.locator('#code').isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sop-glucose-v2.pdf', mimeType: 'application/pdf', buffer: pdf('version 2') });
    await dialog.locator('#approved_by').fill('Dr Adaeze Nwosu');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`${CODE}: version 2 stored; the previous version is superseded.`).waitFor();

    // both versions listed: 2 current, 1 superseded
    await expect.poll(() => rows.count()).toBe(2);
    const current = rows.filter({ hasText: 'Current' });
    const superseded = rows.filter({ hasText: 'Superseded' });
    expect(await current.textContent()).toContain('sop-glucose-v2.pdf');
    expect(await superseded.textContent()).toContain('sop-glucose-v1.pdf');
    // only the current version takes a new one; the superseded one still downloads
    expect(await superseded.getByRole('button', { name: 'New version' }).count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), superseded.getByRole('button', { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe('sop-glucose-v1.pdf');

    // the server agrees
    const supervisor = await apiAs(baseURL, 'clin_supervisor');
    const listed = await supervisor<{ results: { document: { code: string; version: number; status: string } }[] }>(
      'GET',
      `/api/files/?view=documents&search=${CODE}`,
    );
    const versions = listed.results.filter((f) => f.document.code === CODE).map((f) => [f.document.version, f.document.status]);
    expect(versions.sort()).toEqual([
      [1, 'superseded'],
      [2, 'current'],
    ]);
    await page.context().close();
  });

  it('a file whose bytes are HTML but whose name ends in .pdf is refused, with the reason beside it; a real PDF beside it goes up', async () => {
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto('/file-management/upload-files');
    await page.waitForLoadState('networkidle');
    await page.locator('.files-upload input[type=file]').setInputFiles([
      { name: `invoice-${stamp}.pdf`, mimeType: 'application/pdf', buffer: html },
      { name: `minutes-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf('minutes') },
    ]);
    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    const refused = await answered(page, `invoice-${stamp}.pdf`);
    expect(refused.state).toBe('error');
    expect(refused.text).toContain('not an allowed type');
    expect(refused.text).toContain('it looks like HTML');
    expect((await answered(page, `minutes-${stamp}.pdf`)).state).toBe('done');
    // the stored one is among the user's recent files; the refused one nowhere
    await page.goto('/file-management/recent-files');
    const recent = page.getByTestId('recent-files');
    await recent.getByText(`minutes-${stamp}.pdf`).waitFor();
    expect(await recent.getByText(`invoice-${stamp}.pdf`).count()).toBe(0);
    await page.context().close();
  });

  it('a PDF attached to a released result, marked to print with the report, is on the report’s attachment list', async () => {
    const { sample, labNumber } = await releasedGlucose();
    const page = await programmeUser(browser, baseURL, 'clin_supervisor', 'General');
    await page.goto('/manage-result');
    await page.getByPlaceholder(SAMPLE_SEARCH).fill(labNumber);
    const row = page.locator('.clin-table tr.ant-table-row', { hasText: labNumber });
    await row.getByRole('button', { name: 'Results', exact: true }).click();
    const drawer = page.locator('.ant-drawer');
    const test = drawer.locator('tr.ant-table-row', { hasText: 'glucose' });
    await test.getByRole('button', { name: /^Attachments/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Attachments' });
    await dialog.locator('input[type=file]').setInputFiles({ name: `glucose-curve-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdf('curve') });
    await dialog.getByPlaceholder('Description (optional)').fill('Glucose tolerance curve');
    await dialog.locator('.files-attach__form').getByRole('checkbox', { name: 'Print with the report' }).check();
    await dialog.getByRole('button', { name: 'Attach (1)' }).click();
    const attached = dialog.locator('.files-attached__item', { hasText: `glucose-curve-${stamp}.pdf` });
    await attached.waitFor();
    expect(await attached.getByRole('checkbox', { name: 'Print with the report' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the report's attachments, in the drawer and from the API
    const listed = drawer.getByTestId('report-attachments');
    await listed.getByText(`glucose-curve-${stamp}.pdf`).waitFor();
    expect(await listed.textContent()).toContain('Attachments');
    const supervisor = await apiAs(baseURL, 'clin_supervisor');
    const onReport = await supervisor<{ name: string; with_report: boolean }[]>('GET', `/api/attachments/?target=sample&id=${sample}&report=1`);
    expect(onReport.map((a) => a.name)).toContain(`glucose-curve-${stamp}.pdf`);
    await page.context().close();
  });

  it('refuses files to the super admin and an official who type the address, and the super admin reads every facility’s non-conformity counts', async () => {
    const admin = await programmeUser(browser, baseURL, 'superadmin', '');
    // no file link in their sidebar; a typed address meets the route's refusal
    await admin.goto('/file-management/documents');
    await expect.poll(() => admin.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    expect(await admin.locator('.ant-layout-sider').getByRole('link', { name: 'Documents' }).count()).toBe(0);
    await admin.goto('/non-conformity');
    await expect.poll(() => admin.getByTestId('ncr-summary').count()).toBe(1);
    expect(await admin.getByRole('tab', { name: 'Reports' }).count()).toBe(0);
    await admin.context().close();
    const official = await programmeUser(browser, baseURL, 'lagos_tier', '');
    await official.goto('/file-management/recent-files');
    await expect.poll(() => official.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    await official.goto('/non-conformity');
    await expect.poll(() => official.getByText('Sorry, you are not authorized to access this page.').count()).toBe(1);
    await official.context().close();
  });
});
