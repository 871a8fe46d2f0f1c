import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from '@20minutes/s3rver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { bearer, createTestApp } from '../../test/harness.js';
import { form, pdf, withOwnDataDir } from './files.test-helpers.js';
import { type FileStorage, localStorage, newStorageKey, s3Storage, StorageMissing } from './files.storage.js';

/**
 * The storage's contract, the same on both legs: a folder on disk, and an S3-compatible server started here in
 * the process (s3rver), which the app also uses end to end when FILE_STORAGE=s3.
 */

const BUCKET = 'nlims-test';
let s3: { server: S3rver; endpoint: string; dir: string };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nlims-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  s3 = { server, endpoint: `http://127.0.0.1:${port}`, dir };
});
afterAll(async () => {
  await s3.server.close();
  rmSync(s3.dir, { recursive: true, force: true });
});

const s3Config = () => ({
  endpoint: s3.endpoint,
  bucket: BUCKET,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

const legs: [string, () => { storage: FileStorage; done: () => void }][] = [
  [
    'a folder under DATA_DIR',
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'nlims-local-'));
      return { storage: localStorage(dir), done: () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  ['an S3-compatible bucket', () => ({ storage: s3Storage(s3Config()), done: () => undefined })],
];

for (const [name, make] of legs) {
  describe(`storage: ${name}`, () => {
    let leg: ReturnType<typeof make>;
    beforeAll(() => {
      leg = make();
    });
    afterAll(() => leg.done());

    it('gives back what it was given, streamed, and forgets it when deleted', async () => {
      const bytes = Buffer.concat([await pdf('stored'), Buffer.alloc(2 * 1024 * 1024, 7)]);
      const key = newStorageKey('pdf');
      await leg.storage.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length, 'application/pdf');
      expect((await buffer(await leg.storage.get(key))).equals(bytes)).toBe(true);
      await leg.storage.delete(key);
      await expect(leg.storage.get(key)).rejects.toBeInstanceOf(StorageMissing);
      // Deleting what is not there is no error.
      await leg.storage.delete(key);
    });

    it('takes only keys it made', async () => {
      for (const bad of ['../../etc/passwd', 'x.pdf', `${newStorageKey('pdf')}/..`, '']) {
        await expect(leg.storage.get(bad)).rejects.toThrow('Not a storage key');
        await expect(leg.storage.put(bad, Readable.from([Buffer.from('x')]), 1, 'text/plain')).rejects.toThrow('Not a storage key');
      }
    });
  });
}

describe('the app on S3 (FILE_STORAGE=s3)', () => {
  let t: Awaited<ReturnType<typeof build>>;
  const build = () =>
    withOwnDataDir(() => createTestApp(), {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t.close();
    t.removeDataDir();
  });

  it('uploads into the bucket, downloads from it, and purges from it', async () => {
    const headers = bearer(await t.token('clin_receptionist'));
    const bytes = await pdf('On S3');
    const made = await t.app.inject({ method: 'POST', url: '/api/files/', headers, payload: form([['s3.pdf', bytes]]) });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()[0].id as number;
    const [{ key }] = rowsOf<{ key: string }>(await t.database.db.execute(sql`select storage_key as key from files where id = ${id}`)) as [{ key: string }];
    const bucket = s3Storage(s3Config());
    expect((await buffer(await bucket.get(key))).equals(bytes)).toBe(true);
    const down = await t.app.inject({ url: `/api/files/${id}/download/`, headers });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/files/${id}/`, headers });
    await t.database.db.execute(sql`update files set deleted_at = now() - interval '31 days' where id = ${id}`);
    await t.app.inject({ url: '/api/files/?view=bin', headers });
    await expect(bucket.get(key)).rejects.toBeInstanceOf(StorageMissing);
  });
});
