import type { Readable } from 'node:stream';
import { type DocumentFields, documentFields, type FileItem, type fileListQuery, type fileUpdateBody, idParam, type Paginated } from '@nlims/contracts';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { lagosToday } from '../analytics/kit/period.js';
import { recordAudit, recordAudits } from '../audit/audit.service.js';
import type { Principal } from '../users/principal.js';
import { requireAttachmentFileRead } from './attachments.service.js';
import { purgeBin } from './bin.js';
import { files, folders } from './files.table.js';
import { binCutoff, fileFacility, fileFields, fileItems, liveFolder, outer, requireControl, toFileItem } from './items.js';
import { touchRecent } from './recents.js';
import { type FileStorage, StorageMissing } from './storage.js';
import type { Spooled } from './upload.js';

type ListQuery = z.output<typeof fileListQuery>;

function pageUrl(query: ListQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, page })) if (v !== undefined && String(v) !== '') params.set(k, String(v));
  return `/api/files/?${params.toString()}`;
}

/**
 * A page of the facility's files (attachments are not among them): a folder's
 * or the top level's (a search on the top level looks in every folder), the
 * bin's (what was deleted on its own in the last 30 days; older is purged
 * first), the controlled documents (every version, the current first per
 * code), or the current versions past their review date.
 */
export async function listFiles(db: Db, storage: FileStorage, p: Principal, q: ListQuery): Promise<Paginated<FileItem>> {
  const facility = fileFacility(p);
  const today = lagosToday();
  const where: SQL[] = [eq(files.facilityId, facility), eq(files.attachment, false)];
  let order: SQL[] = [asc(sql`lower(${files.name})`), asc(files.id)];
  if (q.view === 'bin') {
    await purgeBin(db, storage, { facility });
    where.push(
      gte(files.deletedAt, binCutoff()),
      sql`not exists (select 1 from folders up where up.id = ${outer(files.folderId)} and up.deleted_at = ${outer(files.deletedAt)})`,
    );
    order = [desc(files.deletedAt), desc(files.id)];
  } else where.push(isNull(files.deletedAt));
  if (q.view === 'documents') {
    where.push(isNotNull(files.documentCode));
    order = [asc(files.documentCode), sql`${files.supersededAt} is null desc`, desc(files.version)];
  }
  if (q.view === 'past_review') {
    where.push(isNotNull(files.documentCode), isNull(files.supersededAt), lt(files.reviewDate, today));
    order = [asc(files.reviewDate), asc(files.documentCode)];
  }
  if (q.view === 'folder' && q.folder !== undefined) {
    await liveFolder(db, facility, q.folder);
    await touchRecent(db, p.id, 'folder', [q.folder]);
    where.push(eq(files.folderId, q.folder));
  } else if ((q.view === 'folder' || q.view === 'root') && !q.search) where.push(isNull(files.folderId));
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(files.name, term), ilike(files.documentCode, term), ilike(files.documentTitle, term))!);
  }
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(files)
    .where(and(...where));
  const n = Number(counted?.n ?? 0);
  const rows = await db
    .select(fileFields)
    .from(files)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return {
    count: n,
    next: q.page * q.page_size < n ? pageUrl(q, q.page + 1) : null,
    previous: q.page > 1 ? pageUrl(q, q.page - 1) : null,
    results: rows.map((r) => toFileItem(r, today)),
  };
}

const stored = {
  id: files.id,
  facilityId: files.facilityId,
  folderId: files.folderId,
  name: files.name,
  kind: files.kind,
  size: files.size,
  storageKey: files.storageKey,
  attachment: files.attachment,
  code: files.documentCode,
  deletedAt: files.deletedAt,
};

/**
 * A file as the caller may reach it: the facility's own, or an attachment whose target the caller reads. `folder`:
 * only a file of the folders (not an attachment, which is changed through its target). 404 otherwise.
 */
async function fileFor(tx: Tx, p: Principal, id: number, options: { state: 'live' | 'bin' | 'any'; folder?: boolean; lock?: boolean }) {
  const facility = fileFacility(p);
  const q = tx.select(stored).from(files).where(eq(files.id, id));
  const [row] = options.lock ? await q.for('update') : await q;
  if (!row || (options.folder && row.attachment)) throw notFound();
  if (row.attachment) await requireAttachmentFileRead(tx, p, id);
  else if (row.facilityId !== facility) throw notFound();
  if (options.state === 'live' && row.deletedAt) throw notFound();
  if (options.state === 'bin' && !(row.deletedAt && row.deletedAt >= binCutoff())) throw notFound();
  return row;
}

export async function getFile(db: Db, p: Principal, id: number): Promise<FileItem> {
  await fileFor(db, p, id, { state: 'any' });
  return (await fileItems(db, [id]))[0]!;
}

/** A renamed file keeps the extension of its contents. */
const withKind = (name: string, kind: string) => (name.toLowerCase().endsWith(`.${kind}`) ? name : `${name}.${kind}`);

/** Rename or move a file (a controlled document: by those who control documents). */
export async function updateFile(tx: Tx, p: Principal, id: number, body: z.output<typeof fileUpdateBody>): Promise<FileItem> {
  const row = await fileFor(tx, p, id, { state: 'live', folder: true, lock: true });
  if (row.code != null) requireControl(p);
  if (body.folder != null) await liveFolder(tx, row.facilityId, body.folder, 'folder');
  const name = body.name === undefined ? undefined : withKind(body.name, row.kind);
  await tx
    .update(files)
    .set({ ...(name !== undefined ? { name } : {}), ...(body.folder !== undefined ? { folderId: body.folder } : {}), updatedAt: new Date() })
    .where(eq(files.id, id));
  await recordAudit(tx, p, {
    action: 'file.update',
    entity: 'file',
    entityId: String(id),
    before: { name: row.name, folder: row.folderId },
    after: { ...body, name },
  });
  await touchRecent(tx, p.id, 'file', [id]);
  return (await fileItems(tx, [id]))[0]!;
}

export async function deleteFile(tx: Tx, p: Principal, id: number, now = new Date()): Promise<void> {
  const row = await fileFor(tx, p, id, { state: 'live', folder: true, lock: true });
  if (row.code != null) requireControl(p);
  await tx.update(files).set({ deletedAt: now, deletedBy: p.id }).where(eq(files.id, id));
  await recordAudit(tx, p, { action: 'file.delete', entity: 'file', entityId: String(id), after: { name: row.name, folder: row.folderId } });
}

/** Back from the bin: into its folder, or the top level when that folder is not there. */
export async function restoreFile(tx: Tx, p: Principal, id: number): Promise<FileItem> {
  const row = await fileFor(tx, p, id, { state: 'bin', folder: true, lock: true });
  if (row.code != null) requireControl(p);
  const [folder] =
    row.folderId == null
      ? []
      : await tx
          .select({ id: folders.id })
          .from(folders)
          .where(and(eq(folders.id, row.folderId), isNull(folders.deletedAt)));
  await tx
    .update(files)
    .set({ deletedAt: null, deletedBy: null, folderId: folder?.id ?? null })
    .where(eq(files.id, id));
  await recordAudit(tx, p, { action: 'file.restore', entity: 'file', entityId: String(id), after: { folder: folder?.id ?? null } });
  await touchRecent(tx, p.id, 'file', [id]);
  return (await fileItems(tx, [id]))[0]!;
}

const DOCUMENT_KEYS = ['code', 'title', 'effective_date', 'review_date', 'approved_by'] as const;

/** The upload's text fields: its folder, and a controlled document's five fields (all or none). */
export function uploadInput(fields: Record<string, string>): { folder: number | null; document: DocumentFields | null } {
  const problems: Record<string, string[]> = {};
  let folder: number | null = null;
  if ((fields.folder ?? '').trim() !== '') {
    const parsed = idParam.safeParse(fields.folder);
    if (parsed.success) folder = parsed.data;
    else problems.folder = [parsed.error.issues[0]?.message ?? 'A valid integer is required.'];
  }
  let document: DocumentFields | null = null;
  if (DOCUMENT_KEYS.some((k) => (fields[k] ?? '').trim() !== '')) {
    const parsed = documentFields.safeParse(Object.fromEntries(DOCUMENT_KEYS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]])));
    if (parsed.success) document = parsed.data;
    else for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'non_field_errors'] = [issue.message];
    if (document && document.review_date < document.effective_date) problems.review_date = ['The review date is before the effective date.'];
  }
  if (Object.keys(problems).length) throw new ValidationError(problems);
  return { folder, document };
}

/** The next version of a document code at the facility, one upload at a time per code (an advisory lock to the end of the transaction). */
async function nextVersion(tx: Tx, facility: number, code: string): Promise<{ code: string; version: number; folder: number | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`document:${facility}:${code.toUpperCase()}`}, 0))`);
  const [last] = rowsOf<{ code: string; version: number; folder_id: number | null }>(
    await tx.execute(sql`select f.document_code as code, f.version, (select d.id from folders d where d.id = f.folder_id and d.deleted_at is null) as folder_id
                         from files f where f.facility_id = ${facility} and upper(f.document_code) = ${code.toUpperCase()}
                         order by f.version desc limit 1`),
  );
  // Later versions keep the code as its first version spelled it.
  return last ? { code: last.code, version: Number(last.version) + 1, folder: last.folder_id } : { code, version: 1, folder: null };
}

/**
 * Record stored files in the caller's facility. A controlled document (one
 * file) whose code the facility already has becomes its next version, and
 * the version that was current is superseded by it, in this transaction.
 */
export async function createFiles(
  tx: Tx,
  p: Principal,
  input: { folder: number | null; document: DocumentFields | null; files: readonly Spooled[]; keys: readonly string[] },
): Promise<FileItem[]> {
  const facility = fileFacility(p);
  const doc = input.document;
  if (doc) {
    requireControl(p);
    if (input.files.length !== 1) throw ValidationError.field('file', 'A controlled document is one file: send its versions one at a time.');
  }
  if (input.folder != null) await liveFolder(tx, facility, input.folder, 'folder');
  const version = doc ? await nextVersion(tx, facility, doc.code) : null;
  const now = new Date();
  const made = await tx
    .insert(files)
    .values(
      input.files.map((f, i) => ({
        facilityId: facility,
        folderId: input.folder ?? version?.folder ?? null,
        name: f.name,
        storageKey: input.keys[i]!,
        kind: f.kind,
        mediaType: f.mediaType,
        size: f.size,
        sha256: f.sha256,
        createdBy: p.id,
        createdAt: now,
        updatedAt: now,
        ...(doc && version
          ? {
              documentCode: version.code,
              documentTitle: doc.title,
              version: version.version,
              effectiveDate: doc.effective_date,
              reviewDate: doc.review_date,
              approvedBy: doc.approved_by,
            }
          : {}),
      })),
    )
    .returning({ id: files.id });
  const ids = made.map((m) => m.id);
  const superseded =
    doc && version
      ? rowsOf<{ id: number; version: number }>(
          await tx.execute(sql`update files set superseded_at = ${now.toISOString()}::timestamptz, superseded_by_id = ${ids[0]!}
                               where facility_id = ${facility} and document_code = ${version.code} and superseded_at is null and id <> ${ids[0]!}
                               returning id, version`),
        )
      : [];
  await recordAudits(tx, p, [
    ...ids.map((id, i) => {
      const f = input.files[i]!;
      return {
        action: 'file.upload',
        entity: 'file',
        entityId: String(id),
        after: {
          name: f.name,
          kind: f.kind,
          size: f.size,
          sha256: f.sha256,
          folder: input.folder,
          ...(version ? { document: { code: version.code, version: version.version } } : {}),
        },
      };
    }),
    ...superseded.map((s) => ({
      action: 'document.supersede',
      entity: 'file',
      entityId: String(s.id),
      after: { code: version!.code, version: Number(s.version), superseded_by: ids[0], by_version: version!.version },
    })),
  ]);
  await touchRecent(tx, p.id, 'file', ids, now);
  return fileItems(tx, ids);
}

/** A live file's bytes, for download; the download is audited and the file counts among the caller's recent ones. */
export async function openFile(db: Db, storage: FileStorage, p: Principal, id: number): Promise<{ name: string; kind: string; size: number; body: Readable }> {
  const row = await fileFor(db, p, id, { state: 'live' });
  let body: Readable;
  try {
    body = await storage.get(row.storageKey);
  } catch (error) {
    if (error instanceof StorageMissing) throw notFound("The file's contents are missing from the storage.");
    throw error;
  }
  try {
    await recordAudit(db, p, { action: 'file.download', entity: 'file', entityId: String(id), after: { name: row.name, kind: row.kind, size: row.size } });
    if (!row.attachment) await touchRecent(db, p.id, 'file', [id]);
  } catch (error) {
    body.destroy();
    throw error;
  }
  return { name: row.name, kind: row.kind, size: Number(row.size), body };
}
