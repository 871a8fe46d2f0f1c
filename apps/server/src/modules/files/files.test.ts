import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp } from '../../test/harness.js';
import { CSV, DOCM, DOCX, EXE, form, HTML, JPEG, ODS, ODT, PNG, pdf, SVG, TEXT, TIFF, withOwnDataDir, XLSX, ZIP } from './files.test-helpers.js';

/**
 * Folders, files and controlled documents at the Ikeja laboratory, through the API: uploads judged by their
 * bytes, downloads that a browser can only save, versions that supersede one another, the bin and its purge,
 * the recent lists, and Yaba, which sees none of it.
 */

let t: Awaited<ReturnType<typeof build>>;
const build = () => withOwnDataDir(() => createTestApp(), { UPLOAD_MAX_MB: '1' });

beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
  t.removeDataDir();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (user: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(await t.token(user)), ...(payload ? { payload: payload as never } : {}) });
const upload = (user: string, files: Parameters<typeof form>[0], fields: Parameters<typeof form>[1] = {}) =>
  call(user, 'POST', '/api/files/', form(files, fields));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Every stored file under the test's data directory. */
const storedCount = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
};
let folderN = 0;
const folder = async (user = 'clin_receptionist', parent: number | null = null) => {
  const res = await call(user, 'POST', '/api/folders/', { name: `Folder ${++folderN} ${Date.now()}`, parent });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
};

describe('uploads are judged by their own bytes', () => {
  it('keeps a real PDF and PNG sent together, with size and sha256', async () => {
    const bytes = await pdf('Haematology SOP');
    const res = await upload('clin_receptionist', [
      ['sop.pdf', bytes, 'application/pdf'],
      ['photo.png', PNG, 'image/png'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [a, b] = res.json();
    expect(a).toMatchObject({
      name: 'sop.pdf',
      kind: 'pdf',
      media_type: 'application/pdf',
      size: bytes.length,
      sha256: sha(bytes),
      folder: null,
      document: null,
    });
    expect(b).toMatchObject({ name: 'photo.png', kind: 'png', size: PNG.length, sha256: sha(PNG) });
  });

  it('refuses HTML named x.pdf, SVG, a program, a bare zip and a document with macros, naming the field', async () => {
    const before = storedCount();
    for (const [name, bytes, looks] of [
      ['x.pdf', HTML, 'HTML'],
      ['logo.png', SVG, 'SVG'],
      ['setup.pdf', EXE, 'EXE'],
      ['archive.docx', ZIP, 'ZIP'],
      ['macro.docx', DOCM, 'macros'],
      ['random.txt', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), 'binary'],
      ['page.txt', Buffer.from('  <html><head></head></html>'), 'HTML'],
      ['run.csv', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'script'],
    ] as const) {
      const res = await upload('clin_receptionist', [[name, bytes, 'application/pdf']]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['file']);
      expect(body.file[0]).toContain(looks);
      expect(body.file[0]).toContain("The file's contents are not an allowed type");
    }
    // Nothing refused reached the storage.
    expect(storedCount()).toBe(before);
  });

  it('keeps every allowed kind, named by its contents', async () => {
    const cases = [
      ['report.docx', DOCX, 'docx'],
      ['sheet.xlsx', XLSX, 'xlsx'],
      ['minutes.odt', ODT, 'odt'],
      ['stock.ods', ODS, 'ods'],
      ['scan.tiff', TIFF, 'tif'],
      ['photo.jpeg', JPEG, 'jpg'],
      ['values.csv', CSV, 'csv'],
      ['notes', TEXT, 'txt'],
      // A PNG whose name says PDF is kept as the PNG it is.
      ['scan.pdf', PNG, 'png'],
    ] as const;
    const res = await upload(
      'clin_analyst',
      cases.map(([name, bytes]) => [name, bytes]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['report.docx', 'docx'],
      ['sheet.xlsx', 'xlsx'],
      ['minutes.odt', 'odt'],
      ['stock.ods', 'ods'],
      ['scan.tif', 'tif'],
      ['photo.jpg', 'jpg'],
      ['values.csv', 'csv'],
      ['notes.txt', 'txt'],
      ['scan.png', 'png'],
    ]);
  });

  it('refuses a file over UPLOAD_MAX_MB, an empty one, none at all, and a JSON body', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const over = await upload('clin_receptionist', [['big.txt', big]]);
    expect(over.statusCode).toBe(400);
    expect(over.json().file[0]).toMatch(/larger than the 1 MB/);
    const empty = await upload('clin_receptionist', [['empty.pdf', Buffer.alloc(0)]]);
    expect(empty.json()).toEqual({ file: ['empty.pdf: The file is empty.'] });
    const none = await call('clin_receptionist', 'POST', '/api/files/', form([], { folder: '' }));
    expect(none.json()).toEqual({ file: ['No file was sent.'] });
    const json = await call('clin_receptionist', 'POST', '/api/files/', { name: 'x' });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json())).toEqual(['file']);
    // A body cut short, or without its boundary, is named as the file's problem.
    const token = await t.token('clin_receptionist');
    for (const [type, payload] of [
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut'],
      ['multipart/form-data', 'no boundary at all'],
    ]) {
      const cut = await t.app.inject({ method: 'POST', url: '/api/files/', headers: { ...bearer(token), 'content-type': type! }, payload });
      expect(cut.statusCode, cut.body).toBe(400);
      expect(Object.keys(cut.json())).toEqual(['file']);
    }
    // Multipart is understood by the upload routes only.
    const elsewhere = await call('clin_receptionist', 'POST', '/api/folders/', form([['x.png', PNG]], { name: 'x' }));
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('downloads', () => {
  it('sends the bytes as an attachment typed by the contents, never sniffed or cached, and audits it', async () => {
    const made = (await upload('clin_receptionist', [['Ọjọ́ (report).csv', CSV, 'text/html']])).json()[0];
    const res = await call('clin_receptionist', 'GET', `/api/files/${made.id}/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7E]+"; /);
    expect(disposition.endsWith(`; filename*=UTF-8''${encodeURIComponent('Ọjọ́ ').concat('%28report%29.csv')}`)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(CSV)).toBe(true);
    const audit = rowsOf<{ action: string; username: string }>(
      await t.database.db.execute(sql`select action, username from audit_events where entity = 'file' and entity_id = ${String(made.id)} order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['file.upload', 'file.download']);
  });

  it('types a PDF as a PDF', async () => {
    const bytes = await pdf();
    const made = (await upload('clin_receptionist', [['a.pdf', bytes]])).json()[0];
    const res = await call('clin_analyst', 'GET', `/api/files/${made.id}/download/`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('controlled documents', () => {
  const doc = (code: string, extra: Record<string, string> = {}) => ({
    code,
    title: 'Full blood count on the analyser',
    effective_date: '2026-01-05',
    review_date: '2027-01-05',
    approved_by: 'Dr Adaeze Okafor',
    ...extra,
  });

  it('are issued by a supervisor, manager or admin only', async () => {
    const before = storedCount();
    const res = await upload('clin_receptionist', [['sop.pdf', await pdf()]], doc('SOP-RECEPTION-1'));
    expect(res.statusCode).toBe(403);
    expect(storedCount()).toBe(before);
  });

  it('make version n+1 of a known code and supersede the current one in the same move', async () => {
    const dir = await folder('clin_supervisor');
    const first = await upload('clin_supervisor', [['fbc v1.pdf', await pdf('v1')]], { ...doc('SOP-HAEM-001'), folder: dir.id });
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json()[0];
    expect(v1.document).toMatchObject({ code: 'SOP-HAEM-001', version: 1, status: 'current', past_review: false, superseded_at: null });
    // The next version keeps the code's first spelling and, sent without a folder, the folder of the last one.
    const second = await upload('clin_manager', [['fbc v2.pdf', await pdf('v2')]], doc('sop-haem-001', { effective_date: '2026-06-01' }));
    expect(second.statusCode, second.body).toBe(201);
    const v2 = second.json()[0];
    expect(v2).toMatchObject({ folder: dir.id, document: { code: 'SOP-HAEM-001', version: 2, status: 'current' } });
    const old = (await call('clin_analyst', 'GET', `/api/files/${v1.id}/`)).json();
    expect(old.document.status).toBe('superseded');
    expect(old.document.superseded_at).not.toBeNull();
    const [row] = rowsOf<{ superseded_by_id: number }>(await t.database.db.execute(sql`select superseded_by_id from files where id = ${v1.id}`));
    expect(row!.superseded_by_id).toBe(v2.id);
    // The documents list: every version, the current first.
    const listed = (await call('clin_analyst', 'GET', '/api/files/?view=documents&search=SOP-HAEM-001')).json();
    expect(listed.results.map((f: { document: { version: number } }) => f.document.version)).toEqual([2, 1]);
  });

  it('two uploads of the same code at once become two versions, never the same one', async () => {
    await upload('clin_supervisor', [['v1.pdf', await pdf('race v1')]], doc('SOP-RACE-1'));
    const [a, b] = await Promise.all([
      upload('clin_supervisor', [['a.pdf', await pdf('race a')]], doc('SOP-RACE-1')),
      upload('clin_admin', [['b.pdf', await pdf('race b')]], doc('SOP-RACE-1')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const versions = [a.json()[0].document.version, b.json()[0].document.version].sort();
    expect(versions).toEqual([2, 3]);
    const current = rowsOf<{ version: number }>(
      await t.database.db.execute(sql`select version from files where document_code = 'SOP-RACE-1' and superseded_at is null`),
    );
    expect(current).toEqual([{ version: 3 }]);
  });

  it('lists the current versions past their review date', async () => {
    const res = await upload('clin_supervisor', [['old.pdf', await pdf()]], doc('SOP-OLD-9', { effective_date: '2020-01-01', review_date: '2021-01-01' }));
    expect(res.json()[0].document).toMatchObject({ past_review: true, status: 'current' });
    const listed = (await call('clin_receptionist', 'GET', '/api/files/?view=past_review')).json();
    expect(listed.results.map((f: { document: { code: string } }) => f.document.code)).toContain('SOP-OLD-9');
    expect(listed.results.every((f: { document: { past_review: boolean } }) => f.document.past_review)).toBe(true);
  });

  it('name each field that is wrong or missing', async () => {
    const res = await upload('clin_supervisor', [['x.pdf', await pdf()]], { code: 'bad code!', effective_date: '2026-13-01', review_date: '2026-01-01' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['approved_by', 'code', 'effective_date', 'title']);
    const backwards = await upload('clin_supervisor', [['x.pdf', await pdf()]], doc('SOP-BACK-1', { review_date: '2025-01-01' }));
    expect(backwards.json()).toEqual({ review_date: ['The review date is before the effective date.'] });
  });
});

describe('folders', () => {
  it('are listed by parent, renamed and moved, never into themselves', async () => {
    const top = await folder();
    const child = await folder('clin_receptionist', top.id);
    const children = (await call('clin_analyst', 'GET', `/api/folders/?parent=${top.id}`)).json();
    expect(children.map((f: { id: number }) => f.id)).toEqual([child.id]);
    const cycle = await call('clin_analyst', 'PATCH', `/api/folders/${top.id}/`, { parent: child.id });
    expect(cycle.statusCode).toBe(400);
    expect(Object.keys(cycle.json())).toEqual(['parent']);
    const self = await call('clin_analyst', 'PATCH', `/api/folders/${top.id}/`, { parent: top.id });
    expect(self.statusCode).toBe(400);
    const renamed = await call('clin_analyst', 'PATCH', `/api/folders/${child.id}/`, { name: 'Renamed', parent: null });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', parent: null });
    const twin = await call('clin_analyst', 'POST', '/api/folders/', { name: 'renamed', parent: null });
    expect(twin.json()).toEqual({ name: ['A folder of this name is already here.'] });
  });
});

describe('the bin', () => {
  it('takes a folder with everything in it, shows only the folder, and gives it all back', async () => {
    const top = await folder();
    const inner = await folder('clin_receptionist', top.id);
    const file = (await upload('clin_receptionist', [['inside.png', PNG]], { folder: inner.id })).json()[0];
    expect((await call('clin_receptionist', 'DELETE', `/api/folders/${top.id}/`)).statusCode).toBe(204);
    expect((await call('clin_receptionist', 'GET', `/api/files/${file.id}/download/`)).statusCode).toBe(404);
    const binFolders = (await call('clin_analyst', 'GET', '/api/folders/?view=bin')).json();
    expect(binFolders.map((f: { id: number }) => f.id)).toContain(top.id);
    expect(binFolders.map((f: { id: number }) => f.id)).not.toContain(inner.id);
    expect(binFolders.find((f: { id: number }) => f.id === top.id)).toMatchObject({ folders_count: 1 });
    const binFiles = (await call('clin_analyst', 'GET', '/api/files/?view=bin&page_size=100')).json();
    expect(binFiles.results.map((f: { id: number }) => f.id)).not.toContain(file.id);
    const back = await call('clin_analyst', 'POST', `/api/folders/${top.id}/restore/`);
    expect(back.json()).toMatchObject({ id: top.id, deleted_at: null, folders_count: 1 });
    const again = (await call('clin_analyst', 'GET', `/api/files/?view=folder&folder=${inner.id}`)).json();
    expect(again.results.map((f: { id: number }) => f.id)).toEqual([file.id]);
  });

  it('takes a file and restores it (to the top level when its folder is gone)', async () => {
    const dir = await folder();
    const file = (await upload('clin_receptionist', [['lone.png', PNG]], { folder: dir.id })).json()[0];
    expect((await call('clin_receptionist', 'DELETE', `/api/files/${file.id}/`)).statusCode).toBe(204);
    const bin = (await call('clin_receptionist', 'GET', '/api/files/?view=bin&page_size=100')).json();
    expect(bin.results.find((f: { id: number }) => f.id === file.id).deleted_at).not.toBeNull();
    await call('clin_receptionist', 'DELETE', `/api/folders/${dir.id}/`);
    const back = await call('clin_receptionist', 'POST', `/api/files/${file.id}/restore/`);
    expect(back.json()).toMatchObject({ id: file.id, folder: null, deleted_at: null });
    expect((await call('clin_receptionist', 'POST', `/api/files/${file.id}/restore/`)).statusCode).toBe(404);
  });

  it('purges what was deleted more than 30 days ago, rows and bytes, when the bin is listed', async () => {
    const dir = await folder();
    const file = (await upload('clin_receptionist', [['old.png', PNG]], { folder: dir.id })).json()[0];
    const [{ key }] = rowsOf<{ key: string }>(await t.database.db.execute(sql`select storage_key as key from files where id = ${file.id}`)) as [
      { key: string },
    ];
    const stored = path.join(t.dataDir, 'files', key.slice(0, 2), key);
    expect(readdirSync(path.dirname(stored))).toContain(key);
    await call('clin_receptionist', 'DELETE', `/api/folders/${dir.id}/`);
    await t.database.db.execute(sql`update files set deleted_at = now() - interval '31 days' where id = ${file.id}`);
    await t.database.db.execute(sql`update folders set deleted_at = now() - interval '31 days' where id = ${dir.id}`);
    // Another facility's bin does not empty Ikeja's.
    await call('ph_supervisor', 'GET', '/api/files/?view=bin');
    expect(rowsOf(await t.database.db.execute(sql`select id from files where id = ${file.id}`))).toHaveLength(1);
    await call('clin_analyst', 'GET', '/api/files/?view=bin');
    expect(rowsOf(await t.database.db.execute(sql`select id from files where id = ${file.id}`))).toHaveLength(0);
    expect(rowsOf(await t.database.db.execute(sql`select id from folders where id = ${dir.id}`))).toHaveLength(0);
    expect(readdirSync(path.dirname(stored))).not.toContain(key);
  });
});

describe('recent lists', () => {
  it("hold the caller's own uploads and opened folders, newest first", async () => {
    const dir = await folder('clin_clerk');
    const made = (await upload('clin_clerk', [['recent.png', PNG]], { folder: dir.id })).json()[0];
    const other = await folder('clin_data_analyst');
    await call('clin_clerk', 'GET', `/api/folders/?parent=${other.id}`);
    const files = (await call('clin_clerk', 'GET', '/api/folders/recent_files/')).json();
    expect(files[0].id).toBe(made.id);
    const folders = (await call('clin_clerk', 'GET', '/api/folders/recent_folders/')).json();
    expect(folders.slice(0, 2).map((f: { id: number }) => f.id)).toEqual([other.id, dir.id]);
    // Someone else's recent lists do not show them.
    const theirs = (await call('clin_data_analyst', 'GET', '/api/folders/recent_files/')).json();
    expect(theirs.map((f: { id: number }) => f.id)).not.toContain(made.id);
  });
});

describe('names are one line', () => {
  const BROKEN = 'a\r\nX: 1\r\n.txt';
  it('refuses a line break or tab in the name a file or a folder is given, naming it', async () => {
    const file = (await upload('clin_receptionist', [['line.png', PNG]])).json()[0];
    for (const name of [BROKEN, 'a\nb', 'tab\tbed', 'a\u2028b']) {
      const renamed = await call('clin_receptionist', 'PATCH', `/api/files/${file.id}/`, { name });
      expect(renamed.statusCode, JSON.stringify(name)).toBe(400);
      expect(renamed.json()).toEqual({ name: ['This field is one line: remove the line break or tab.'] });
    }
    expect((await call('clin_receptionist', 'GET', `/api/files/${file.id}/`)).json().name).toBe('line.png');
    const dir = await folder();
    expect((await call('clin_receptionist', 'PATCH', `/api/folders/${dir.id}/`, { name: BROKEN })).json()).toHaveProperty('name');
    expect((await call('clin_receptionist', 'POST', '/api/folders/', { name: 'two\nlines', parent: null })).json()).toHaveProperty('name');
    // Spaces around a name are trimmed, as before; a name of one line is kept.
    expect((await call('clin_receptionist', 'PATCH', `/api/files/${file.id}/`, { name: '  Scan 1 \n' })).json().name).toBe('Scan 1.png');
  });

  it("refuses it in a controlled document's title and approver", async () => {
    const doc = { code: 'SOP-LINE-1', effective_date: '2026-01-05', review_date: '2027-01-05' };
    const res = await upload('clin_supervisor', [['sop.pdf', await pdf()]], { ...doc, title: 'Full blood\r\nX-Injected: 1', approved_by: 'Dr A\tB' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['approved_by', 'title']);
  });
});

describe("another facility's files", () => {
  it('are not found from Yaba', async () => {
    const dir = await folder();
    const file = (await upload('clin_receptionist', [['ikeja.png', PNG]], { folder: dir.id })).json()[0];
    for (const [method, url, body] of [
      ['GET', `/api/files/${file.id}/`],
      ['GET', `/api/files/${file.id}/download/`],
      ['PATCH', `/api/files/${file.id}/`, { name: 'mine' }],
      ['DELETE', `/api/files/${file.id}/`],
      ['GET', `/api/folders/?parent=${dir.id}`],
      ['GET', `/api/files/?view=folder&folder=${dir.id}`],
      ['PATCH', `/api/folders/${dir.id}/`, { name: 'mine' }],
      ['DELETE', `/api/folders/${dir.id}/`],
    ] as const)
      expect((await call('ph_supervisor', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    const moved = await upload('ph_supervisor', [['yaba.png', PNG]], { folder: dir.id });
    expect(moved.json()).toEqual({ folder: [`Invalid pk "${dir.id}" - object does not exist.`] });
    const list = (await call('ph_supervisor', 'GET', '/api/files/?view=root&search=ikeja')).json();
    expect(list.count).toBe(0);
  });
});
