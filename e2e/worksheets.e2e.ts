import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorksheetDetail } from '@nlims/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { m2000Row, writeM2000Log } from '../apps/server/src/modules/worksheets/files/m2000-log.js';
import { DEMO_PASSWORD } from './browser.js';
import { apiAs, programmeUser, serverURL, sharedBrowser } from './suite.js';

const baseURL = serverURL();
const browser = sharedBrowser();
const stamp = Date.now().toString(36);
let made = 0;

/** A file from the API as one of the demo users. */
async function fileAs(username: string, pathname: string): Promise<Buffer> {
  const login = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return Buffer.from(await (await fetch(`${baseURL}${pathname}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
}

/** A PDF's text, through poppler's pdftotext (Debian's poppler-utils). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-e2e-'));
  const file = path.join(dir, 'plate.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Viral-load samples ordered, collected and accepted through the API: their barcodes. */
async function acceptedSamples(n: number): Promise<string[]> {
  const reception = await apiAs(baseURL, 'ph_receptionist');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=Viral%20Load');
  const plasma = (await reception<{ id: number; code: string }[]>('GET', '/api/sample_type/')).find((x) => x.code === 'PLA')!;
  const barcodes: string[] = [];
  for (let k = 0; k < n; k++) {
    const i = made++;
    const client = await reception<{ id: number }>('POST', '/api/clients/', {
      first_name: 'Ada',
      last_name: `WS-${stamp}-${i}`,
      sex: 'female',
      estimated_age_years: 34,
    });
    const order = await reception<{ samples: { id: number; barcode: string }[] }>('POST', '/api/vl_sample/', {
      client: client.id,
      test_types: [tests.find((x) => x.code === 'VL-HIV')!.id],
      form: {
        art_number: `ART/WS/${stamp}-${i}`,
        art_start_date: '2020-05-04',
        regimen: 'TDF_3TC_DTG',
        regimen_line: 'first',
        regimen_start_date: '2021-01-11',
        pregnant: false,
        breastfeeding: false,
        reason: 'routine',
      },
    });
    const sample = order.samples[0]!;
    await reception('POST', `/api/vl_sample/${sample.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: plasma.id });
    await reception('POST', `/api/vl_sample/${sample.id}/accept/`, {});
    barcodes.push(sample.barcode);
  }
  return barcodes;
}

/** The m2000 results log of a worksheet: its controls, and a value for each sample on the plate. */
function resultsLog(ws: WorksheetDetail, high: string, value: (barcode: string, i: number) => string): string {
  const samples = ws.positions.filter((p) => p.kind === 'sample');
  return writeM2000Log(
    [
      m2000Row('A1', 'HIV_NEG', 'Control', 'Not detected'),
      m2000Row('A2', 'HIV_LOPOS', 'Control', '771 Copies / mL'),
      m2000Row('A3', 'HIV_HIPOS', 'Control', high),
      ...samples.map((p, i) => m2000Row(p.well, p.barcode!, 'Patient', value(p.barcode!, i))),
    ],
    ws.number,
  );
}

/** Build a worksheet from the workplan on the page, as the analyst does: the proposal, then Create and confirm. */
async function createFromWorkplan(page: Page, ours: string[]): Promise<WorksheetDetail> {
  await page.goto('/programs/vl-worksheet?tab=new');
  const builder = page.getByTestId('worksheet-builder');
  await builder.locator('.ws-plate').waitFor();
  // the m2000 template: its three controls in A1–A3, the samples from B1 down the columns
  for (const [well, label] of [
    ['A1', 'Negative'],
    ['A2', 'Low positive'],
    ['A3', 'High positive'],
  ])
    expect(await builder.locator(`td[data-well="${well}"]`).textContent()).toContain(label);
  await expect.poll(() => builder.locator('td[data-well="B1"] .ws-well--sample').count()).toBe(1);
  expect(await builder.locator('.ws-plate td').count()).toBe(96);
  // other samples waiting for the test are taken off this plate: a well clicked, then Remove
  for (;;) {
    // a well shows the part of the number that tells the plate's samples apart; its whole label is data-label
    const labels = await builder.locator('td .ws-well--sample').evaluateAll((wells) => wells.map((w) => w.getAttribute('data-label') ?? ''));
    const foreign = labels.find((l) => !ours.includes(l));
    if (!foreign) break;
    await builder.locator('td .ws-well--sample', { hasText: foreign }).click();
    await page.getByTestId('ws-remove').click();
  }
  for (const barcode of ours) await builder.locator('td .ws-well--sample', { hasText: barcode }).waitFor();
  await page.getByTestId('ws-create').click();
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/worksheet/'),
    page.locator('.ant-modal-confirm').getByRole('button', { name: 'Create', exact: true }).click(),
  ]);
  expect(created.status()).toBe(201);
  await page.getByTestId('worksheet-view').waitFor();
  return (await created.json()) as WorksheetDetail;
}

/** Choose the results file on the worksheet, read the preview, save it after the confirmation. */
async function importFile(page: Page, ws: WorksheetDetail, content: string, button: string) {
  const [preview] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/worksheet/${ws.id}/import/`),
    page.locator('.ws-file input[type=file]').setInputFiles({ name: `${ws.number}.txt`, mimeType: 'text/plain', buffer: Buffer.from(content) }),
  ]);
  expect(preview.status(), await preview.text()).toBe(200);
  await page.getByTestId('ws-preview').waitFor();
  await page.getByTestId('ws-save').click();
  const [saved] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/worksheet/${ws.id}/results/`),
    page.locator('.ant-modal-confirm').getByRole('button', { name: button, exact: true }).click(),
  ]);
  expect(saved.status(), await saved.text()).toBe(200);
  return saved.json();
}

describe('viral-load worksheets', () => {
  it('a plate of the workplan with its three controls: printed, its m2000 file imported, the results ENTERED, then validated and approved', async () => {
    const [first, second] = await acceptedSamples(2);
    const page = await programmeUser(browser, baseURL, 'ph_analyst', 'Viral Load');
    const ws = await createFromWorkplan(page, [first!, second!]);
    expect(
      ws.positions
        .filter((p) => p.kind === 'sample')
        .map((p) => p.barcode)
        .sort(),
    ).toEqual([first, second].sort());
    // the samples are on the worksheet now
    const view = page.getByTestId('worksheet-view');
    expect(await view.textContent()).toContain(ws.number);

    // the plate map: an A4 PDF with the plate and the worklist
    // (the print button prints the same PDF from a hidden frame, which headless Chromium cannot)
    expect(await page.getByRole('button', { name: 'Print plate map and worklist' }).count()).toBe(1);
    const bytes = await fileAs('ph_analyst', `/api/worksheet/${ws.id}/plate.pdf`);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // two pages: the plate, then the worklist with each sample's barcode
    expect(pdfText(bytes)).toContain(first);

    // the analyser's file: the preview first (nothing saved), then the results saved
    const content = resultsLog(ws, '96,500 Copies / mL', (barcode, i) =>
      barcode === first ? '15,400 Copies / mL' : ['< 40 Copies / mL', 'Not detected', '2,310 Copies / mL'][i % 3]!,
    );
    const saved = await importFile(page, ws, content, 'Save the results');
    expect(saved).toMatchObject({ state: 'closed', passed: true });
    expect(saved.counts.results).toBe(ws.samples);
    await expect.poll(() => view.locator('.ant-tag').first().textContent()).toBe('Closed');
    expect(await view.locator('td[data-well] .ws-well--entered').count()).toBe(ws.samples);
    await page.context().close();

    // the supervisor validates and approves the first sample's copies and the log10 computed with them
    const review = await programmeUser(browser, baseURL, 'ph_supervisor', 'Viral Load');
    await review.goto('/programs/vl-validate-result');
    await review.getByPlaceholder(/Laboratory number/).fill(first!);
    const toVerify = review.locator('.clin-table tr.ant-table-row', { hasText: first! });
    await expect.poll(() => toVerify.count()).toBe(1);
    expect(await toVerify.locator('.rv-line__result').first().textContent()).toContain('15,400');
    await toVerify.locator('.ant-checkbox-input').check();
    const [verified] = await Promise.all([
      review.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/verify/'),
      review.getByRole('button', { name: /Verify selected \(1\)/ }).click(),
    ]);
    expect(verified.status()).toBe(200);
    await review.goto('/programs/vl-approve-results');
    await review.getByPlaceholder(/Laboratory number/).fill(first!);
    const toApprove = review.locator('.clin-table tr.ant-table-row', { hasText: first! });
    await expect.poll(() => toApprove.count()).toBe(1);
    await toApprove.getByRole('button', { name: 'Approve sample (2)' }).click();
    const signature = review.locator('.ant-modal');
    await signature.locator('input[type=password]').fill(DEMO_PASSWORD);
    const [approved] = await Promise.all([
      review.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results/approve/'),
      signature.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(approved.status()).toBe(200);

    // the archive finds the worksheet by the sample's barcode
    await review.goto('/programs/vl-worksheet-archive');
    await review.getByPlaceholder('Sample barcode or worksheet number').fill(second!);
    await review.getByPlaceholder('Sample barcode or worksheet number').press('Enter');
    await expect.poll(() => review.locator('.ws-link', { hasText: ws.number }).count()).toBe(1);
    // the archived worksheet offers the analyser's file it was closed with, downloaded as it was imported
    await review.locator('.ws-link', { hasText: ws.number }).click();
    const resultsFile = review.getByTestId('ws-results-file');
    await expect.poll(() => resultsFile.textContent()).toBe(`${ws.number}.txt`);
    const [download] = await Promise.all([review.waitForEvent('download'), resultsFile.click()]);
    expect(download.suggestedFilename()).toBe(`${ws.number}.txt`);
    expect(readFileSync(await download.path()).toString('utf8')).toBe(content);
    await review.context().close();
  });

  it('a run whose high-positive control fails sends its samples back to the workplan for retest', async () => {
    const [barcode] = await acceptedSamples(1);
    const page = await programmeUser(browser, baseURL, 'ph_analyst', 'Viral Load');
    const ws = await createFromWorkplan(page, [barcode!]);
    expect(ws.positions.filter((p) => p.kind === 'sample').map((p) => p.barcode)).toEqual([barcode]);
    // the high positive 3.4 SD above its target: 1-3s rejects the QC run and the worksheet with it
    const content = resultsLog(ws, '126,000 Copies / mL', () => '1,000 Copies / mL');
    const [preview] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/worksheet/${ws.id}/import/`),
      page.locator('.ws-file input[type=file]').setInputFiles({ name: 'run.txt', mimeType: 'text/plain', buffer: Buffer.from(content) }),
    ]);
    expect(preview.status()).toBe(200);
    const previewBox = page.getByTestId('ws-preview');
    await expect.poll(() => previewBox.textContent()).toContain('The controls failed');
    expect(await previewBox.locator('tr', { hasText: 'High positive' }).textContent()).toContain('1-3s');
    await page.getByTestId('ws-save').click();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/api/worksheet/${ws.id}/results/`),
      page.locator('.ant-modal-confirm').getByRole('button', { name: 'Send the samples for retest', exact: true }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(await saved.json()).toMatchObject({ state: 'failed', passed: false, counts: { results: 0, retest: ws.samples } });
    await expect.poll(() => page.getByTestId('worksheet-view').locator('.ant-tag').first().textContent()).toBe('Controls failed');

    // back on the workplan as a retest, ready for the next plate
    await page.goto('/programs/vl-workplan');
    await page.getByPlaceholder(/Laboratory number/).fill(barcode!);
    await expect.poll(() => page.locator('tr.ant-table-row', { hasText: barcode! }).count()).toBe(1);
    await page.context().close();

    // the rejected QC run holds viral-load approvals until the controls are run again and accepted
    const analyst = await apiAs(baseURL, 'ph_analyst');
    const templates = await analyst<{ results: { controls: { material: number | null }[] }[] }>('GET', '/api/worksheet_template/?page=1');
    const materials = await analyst<{ results: { id: number; target_mean: number }[] }>('GET', '/api/qc_test_config/?page=1&page_size=100');
    const used = templates.results[0]!.controls.flatMap((c) => (c.material == null ? [] : [c.material]));
    const rerun = await analyst<{ verdict: string }>('POST', '/api/qc_run/', {
      results: used.map((m) => ({ material: m, value: materials.results.find((x) => x.id === m)!.target_mean })),
    });
    expect(rerun.verdict).toBe('accepted');
  });

  it('is not offered to the receptionist', async () => {
    const page = await programmeUser(browser, baseURL, 'ph_receptionist', 'Viral Load');
    await page.goto('/programs/vl-worksheet');
    await expect.poll(() => page.getByText('403').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
