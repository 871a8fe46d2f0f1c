/**
 * The files' service, the one entry from outside the module: the documents themselves here; folders
 * (files.folders.ts), uploads (files.uploads.ts), attachments (files.attachments.ts), the recent items
 * (files.recents.ts) and the bin's purge (files.bin.ts) re-exported below.
 */
import type { Readable } from 'node:stream';
import type { FileItem, fileListQuery, fileUpdateBody, Paginated } from '@nlims/contracts';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { likeTerm } from '../../core/sql-values.js';
import { lagosToday } from '../../core/period.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { requireAttachmentFileRead } from './files.attachments.js';
import { purgeBin } from './files.bin.js';
import { files, folders } from './files.table.js';
import { binCutoff, fileFacility, fileFields, fileItems, liveFolder, outer, requireControl, toFileItem } from './files.items.js';
import { touchRecent } from './files.recents.js';
import { type FileStorage, StorageMissing } from './files.storage.js';

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
    const term = likeTerm(q.search);
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

// The rest of the module's service, each part in its own file: folders, uploads, attachments, the recent items,
// the bin's purge, and where the bytes are kept.
export {
  type Access,
  createAttachments,
  deleteAttachment,
  listAttachments,
  reachTarget,
  reportAttachments,
  requireAttachmentFileRead,
  type Target,
  updateAttachment,
} from './files.attachments.js';
export { purgeBin } from './files.bin.js';
export { createFolder, deleteFolder, listFolders, restoreFolder, updateFolder } from './files.folders.js';
export { recentFiles, recentFolders, touchRecent } from './files.recents.js';
export { createFiles, uploadInput } from './files.uploads.js';
