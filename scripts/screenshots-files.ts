/**
 * Screenshots of documents, files and attachments: the folders (top level and one folder), the controlled documents
 * with a superseded version and one past its review date, the bin, the upload page with a stored file and a refused
 * one, the recent folders and files, and a released result's attachments with the report's list — desktop and
 * phone, English and Arabic:
 *   npm run build && npx tsx scripts/screenshots-files.ts [out-dir]
 * Folders, files, documents and a released glucose result are made through the API first. With BASE_URL set, a
 * server already running with demo data is used instead of a fresh one. A page wider than the screen is reported.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, signIn } from '../e2e/browser.js';
import { apiAs, type Device, deviceContext, fullPage, outDir, shootEverywhere } from './shots.js';

const out = outDir();
const catalog = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.resolve(`packages/i18n/locales/${lang}/${ns}.json`), 'utf8')) as Record<string, string>;
const GENERAL = (lang: string) => catalog(lang, 'app')['program.General']!;
const RESULTS = (lang: string) => catalog(lang, 'clinical')['manage.results']!;
const VIEW = (lang: string) => catalog(lang, 'clinical')['actions.view']!;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
const HTML = Buffer.from('<!DOCTYPE html>\n<html><body>Not a PDF</body></html>\n');

let labNumber = '';
let sampleId = 0;
/** An accepted glucose awaiting its result, for the result entry page. */
let awaiting = '';
let sopsFolder = 0;

async function tokenOf(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** A multipart upload through the API, as the pages send it. */
async function upload(base: string, token: string, url: string, name: string, bytes: Buffer, fields: Record<string, string | number | boolean>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number }[];
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function prepare(base: string) {
  const supervisor = await apiAs(base, 'clin_supervisor');
  const token = await tokenOf(base, 'clin_supervisor');
  const folder = (name: string, parent: number | null = null) => supervisor<{ id: number }>('POST', '/api/folders/', { name, parent });
  const quality = await folder('Quality manual');
  const sops = await folder('Standard operating procedures');
  sopsFolder = sops.id;
  await folder('Haematology', sops.id);
  await folder('Clinical chemistry', sops.id);
  await folder('Equipment maintenance logs');
  await upload(base, token, '/api/files/', 'Quality manual 2025.pdf', pdf('manual'), { folder: quality.id });
  await upload(base, token, '/api/files/', 'Organisation chart.pdf', pdf('chart'), { folder: quality.id });
  await upload(base, token, '/api/files/', 'Staff rota March.pdf', pdf('rota'), {});
  const doc = (code: string, title: string, effective: string, review: string) => ({
    folder: sops.id,
    code,
    title,
    effective_date: effective,
    review_date: review,
    approved_by: 'Dr Adaeze Nwosu',
  });
  await upload(
    base,
    token,
    '/api/files/',
    'SOP-HAEM-001 Full blood count v1.pdf',
    pdf('fbc 1'),
    doc('SOP-HAEM-001', 'Full blood count on the analyser', isoDay(-700), isoDay(-335)),
  );
  await upload(
    base,
    token,
    '/api/files/',
    'SOP-HAEM-001 Full blood count v2.pdf',
    pdf('fbc 2'),
    doc('SOP-HAEM-001', 'Full blood count on the analyser', isoDay(-30), isoDay(335)),
  );
  await upload(
    base,
    token,
    '/api/files/',
    'SOP-CHEM-002 Glucose.pdf',
    pdf('glucose'),
    doc('SOP-CHEM-002', 'Blood glucose measurement', isoDay(-400), isoDay(-35)),
  );
  await upload(
    base,
    token,
    '/api/files/',
    'SOP-QA-003 Specimen rejection.pdf',
    pdf('rejection'),
    doc('SOP-QA-003', 'Specimen rejection criteria', isoDay(-10), isoDay(355)),
  );
  const [binned] = await upload(base, token, '/api/files/', 'Old price list.pdf', pdf('prices'), {});
  await supervisor('DELETE', `/api/files/${binned!.id}/`).catch(() => undefined);
  const old = await folder('Archive 2019');
  await supervisor('DELETE', `/api/folders/${old.id}/`).catch(() => undefined);

  // a released glucose with an attachment printed with its report
  const reception = await apiAs(base, 'clin_receptionist');
  const analyst = await apiAs(base, 'clin_analyst');
  const reviewer = await apiAs(base, 'clin_reviewer');
  const tests = await reception<{ id: number; code: string }[]>('GET', '/api/test_configuration/?program__name=General');
  const client = await reception<{ id: number }>('POST', '/api/clients/', { first_name: 'Halima', last_name: 'Bello', sex: 'female', estimated_age_years: 34 });
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
  await upload(base, token, '/api/attachments/', 'Glucose tolerance curve.pdf', pdf('curve'), {
    target: 'result',
    id: sample.tests[0]!.id,
    description: 'Two-hour curve',
    with_report: true,
  });
  await upload(base, token, '/api/attachments/', 'Request form scan.pdf', pdf('form'), { target: 'sample', id: sample.id, description: '' });
  labNumber = (await reception<{ lab_number: string }>('GET', `/api/general_order/${sample.id}/`)).lab_number;
  const other = await reception<{ id: number }>('POST', '/api/clients/', { first_name: 'Musa', last_name: 'Danjuma', sex: 'male', estimated_age_years: 51 });
  const next = (
    await reception<{ samples: { id: number; sample_type: number | null }[] }>('POST', '/api/general_order/', {
      client: other.id,
      test_types: [tests.find((x) => x.code === 'RBG')!.id],
    })
  ).samples[0]!;
  await reception('POST', `/api/general_order/${next.id}/collect/`, { collected_at: new Date().toISOString(), sample_type: next.sample_type ?? 1 });
  await reception('POST', `/api/general_order/${next.id}/accept/`, {});
  awaiting = (await reception<{ lab_number: string }>('GET', `/api/general_order/${next.id}/`)).lab_number;
  sampleId = sample.id;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
}

/** Settle, report a page wider than the screen, and take the shot. */
async function shot(page: Page, name: string) {
  await settle(page);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) console.warn(`${name}: ${wide}px wider than the screen`);
  await fullPage(page, out, name);
}

/**
 * Choose files on the upload page and see them listed. Once in a while, just after a page loads, the page is drawn
 * afresh and files chosen that instant are forgotten: they are chosen again then.
 */
async function choose(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator('.files-upload input[type=file]').setInputFiles(files);
    await page.waitForTimeout(1000);
    if ((await page.locator('.files-queue__item').count()) === files.length) return;
  }
  throw new Error('The chosen files were not listed.');
}

async function userPage(browser: Browser, baseURL: string, lang: string, device: Device, username: string): Promise<Page> {
  const context = await deviceContext(browser, baseURL, lang, device);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.warn(`${lang} ${device}: ${error.message}`));
  await signIn(page, username);
  if (new URL(page.url()).pathname === '/select-program') {
    await page
      .locator(`.prog-tile[title="${GENERAL(lang)}"]`)
      .first()
      .click();
    await page.locator('.prog__actions button').last().click();
    await page.waitForURL((url) => url.pathname !== '/select-program');
  }
  return page;
}

async function shoot(browser: Browser, baseURL: string, lang: string, device: Device) {
  const page = await userPage(browser, baseURL, lang, device, 'clin_supervisor');
  try {
    await shootPages(page, lang, device);
  } catch (error) {
    // what the page showed when a step failed
    await page.screenshot({ path: path.join(out, `files-failed-${device}-${lang}.png`), fullPage: true });
    throw error;
  } finally {
    await page.context().close();
  }
}

async function shootPages(page: Page, lang: string, device: Device) {
  const name = (what: string) => `files-${what}-${device}-${lang}`;
  await page.goto('/file-management/documents');
  await page.getByTestId('folders').waitFor();
  await shot(page, name('folders'));
  await page.goto(`/file-management/documents?tab=folders&path=${sopsFolder}`);
  await page.locator('[data-testid=folder-files] :is(tr.ant-table-row, .files-card), .files-cards .files-card').first().waitFor();
  await shot(page, name('folder'));
  await page.goto('/file-management/documents?tab=documents');
  await page.getByTestId('past-review').waitFor();
  await shot(page, name('documents'));
  await page.goto('/file-management/documents?tab=bin');
  await page.getByTestId('bin-folders').waitFor();
  await shot(page, name('bin'));
  await page.goto(`/file-management/upload-files?folder=${sopsFolder}`);
  await settle(page);
  await choose(page, [
    { name: 'Invoice.pdf', mimeType: 'application/pdf', buffer: HTML },
    { name: 'Meeting minutes.pdf', mimeType: 'application/pdf', buffer: pdf('minutes') },
  ]);
  await page.locator('.files-upload button[type=submit]').click();
  await page.locator('.files-queue__item[data-state=error]').waitFor();
  await page.locator('.files-queue__item[data-state=done]').waitFor();
  await shot(page, name('upload'));
  await page.locator('.files-upload .ant-checkbox-input').check();
  await page.locator('#code').waitFor();
  await shot(page, name('upload-document'));
  await page.goto('/file-management/recent-folders');
  await page.getByTestId('recent-folders').waitFor();
  await shot(page, name('recent-folders'));
  await page.goto('/file-management/recent-files');
  await page.getByTestId('recent-files').waitFor();
  await shot(page, name('recent-files'));
  // a released result: the results drawer with the report's attachments, then one test's attachments
  await page.goto('/manage-result');
  await page.locator('.clin-toolbar input').fill(labNumber);
  const row = page.locator('.clin-table tr.ant-table-row, .clin-cards > *').filter({ hasText: labNumber }).first();
  await row.waitFor();
  await row.getByRole('button', { name: RESULTS(lang), exact: true }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByTestId('report-attachments').waitFor();
  await shot(page, name('results-drawer'));
  await drawer.locator('.anticon-paper-clip').first().click();
  await page.locator('.ant-modal .files-attached__item').first().waitFor();
  await shot(page, name('attachments'));
  // the sample in full, with its own attachments
  await page.goto('/clinical/manage-sample');
  await page.locator('.clin-toolbar input').first().fill(labNumber);
  const sampleRow = page.locator('.clin-table tr.ant-table-row, .clin-cards > *').filter({ hasText: labNumber }).first();
  await sampleRow.locator('button[aria-label]').last().click();
  await page.getByRole('menuitem', { name: VIEW(lang), exact: true }).click();
  await page.getByTestId(`attachments-sample-${sampleId}`).locator('.files-attached__item').first().waitFor();
  await shot(page, name('sample-drawer'));
  // result entry: each test with its attachments beside its name
  await page.goto('/clinical/enter-results');
  await page.locator('.clin-toolbar input').first().fill(awaiting);
  await page.locator('.entry-samples .ant-collapse-header', { hasText: awaiting }).click();
  await page.locator('.entry-test .anticon-paper-clip').first().waitFor();
  await shot(page, name('entry'));
}

const given = process.env.BASE_URL;
if (given) {
  const browser = await launch();
  try {
    await prepare(given);
    for (const lang of ['en', 'ar']) for (const device of ['desktop', 'phone'] as const) await shoot(browser, given, lang, device);
  } finally {
    await browser.close();
  }
} else {
  await shootEverywhere(shoot, prepare);
}
console.log(`Screenshots in ${out}`);
