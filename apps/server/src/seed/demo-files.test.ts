import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.js';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import { seedFilesDemo } from './demo-files.js';

/** The demo's SOPs at Ikeja and Yaba: three controlled documents each, one in its second version, one past its review date. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const documents = async (user: string, view: string) =>
  (await t.app.inject({ url: `/api/files/?view=${view}&page_size=100`, headers: bearer(await t.token(user)) })).json().results as {
    id: number;
    folder_name: string;
    document: { code: string; version: number; status: string; past_review: boolean };
  }[];

describe('demo documents', () => {
  for (const [lab, user] of [
    ['Ikeja', 'clin_receptionist'],
    ['Yaba', 'ph_receptionist'],
  ] as const)
    it(`${lab} keeps its SOPs: one in two versions, one past review, the PDFs in the storage`, async () => {
      const all = await documents(user, 'documents');
      expect(all).toHaveLength(4);
      expect(new Set(all.map((f) => f.folder_name))).toEqual(new Set(['SOPs']));
      const current = all.filter((f) => f.document.status === 'current');
      expect(current).toHaveLength(3);
      expect(all.filter((f) => f.document.status === 'superseded').map((f) => f.document.version)).toEqual([1]);
      expect(current.filter((f) => f.document.past_review)).toHaveLength(1);
      expect(await documents(user, 'past_review')).toHaveLength(1);
      const down = await t.app.inject({ url: `/api/files/${current[0]!.id}/download/`, headers: bearer(await t.token(user)) });
      expect(down.statusCode).toBe(200);
      expect(down.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

  it('are seeded once', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from files where document_code is not null`))[0]!.n;
    const before = await count();
    const ids = rowsOf<{ code: string; id: number }>(await t.database.db.execute(sql`select facility_code as code, id from facilities`));
    const id = (code: string) => ids.find((f) => f.code === code)!.id;
    await t.database.db.transaction((tx) => seedFilesDemo(tx, { ikeja: id('LA-IKJ-001'), yaba: id('LA-LMD-001') }));
    expect(await count()).toBe(before);
  });
});
