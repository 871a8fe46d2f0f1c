import type { FolderItem, folderCreateBody, folderListQuery, folderUpdateBody } from '@nlims/contracts';
import { and, asc, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { purgeBin } from './files.bin.js';
import { folders } from './files.table.js';
import { binCutoff, fileFacility, folderFields, folderItem, liveFolder, mayControl, outer, requireControl, toFolderItem } from './files.items.js';
import { touchRecent } from './files.recents.js';
import type { FileStorage } from './files.storage.js';

const TAKEN = 'A folder of this name is already here.';

/** A folder name taken among its siblings (the unique index decides, so two at once cannot both have it). */
async function named<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgError(error)?.code === '23505') throw ValidationError.field('name', TAKEN);
    throw error;
  }
}

/** The folders inside `parent` (or the top level), or the folders in the bin. Opening a folder puts it among the caller's recent ones. */
export async function listFolders(db: Db, storage: FileStorage, p: Principal, q: z.output<typeof folderListQuery>): Promise<FolderItem[]> {
  const facility = fileFacility(p);
  const where: SQL[] = [eq(folders.facilityId, facility)];
  if (q.view === 'bin') {
    await purgeBin(db, storage, { facility });
    // Only what was deleted on its own: a folder deleted with its parent comes back with it.
    where.push(
      gte(folders.deletedAt, binCutoff()),
      sql`not exists (select 1 from folders up where up.id = ${outer(folders.parentId)} and up.deleted_at = ${outer(folders.deletedAt)})`,
    );
    return (
      await db
        .select(folderFields)
        .from(folders)
        .where(and(...where))
        .orderBy(desc(folders.deletedAt), desc(folders.id))
    ).map(toFolderItem);
  }
  if (q.parent !== undefined) {
    await liveFolder(db, facility, q.parent);
    await touchRecent(db, p.id, 'folder', [q.parent]);
  }
  where.push(isNull(folders.deletedAt), q.parent === undefined ? isNull(folders.parentId) : eq(folders.parentId, q.parent));
  const rows = await db
    .select(folderFields)
    .from(folders)
    .where(and(...where))
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  return rows.map(toFolderItem);
}

export async function createFolder(tx: Tx, p: Principal, body: z.output<typeof folderCreateBody>): Promise<FolderItem> {
  const facility = fileFacility(p);
  if (body.parent != null) await liveFolder(tx, facility, body.parent, 'parent');
  const [made] = await named(() =>
    tx.insert(folders).values({ facilityId: facility, parentId: body.parent, name: body.name, createdBy: p.id }).returning({ id: folders.id }),
  );
  await recordAudit(tx, p, { action: 'folder.create', entity: 'folder', entityId: String(made!.id), after: body });
  await touchRecent(tx, p.id, 'folder', [made!.id]);
  return folderItem(tx, made!.id);
}

/** A folder and every live folder under it. */
async function subtree(tx: Tx, id: number, deletedAt: Date | null): Promise<number[]> {
  const same = deletedAt == null ? sql`c.deleted_at is null` : sql`c.deleted_at = ${deletedAt.toISOString()}::timestamptz`;
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`with recursive t(id) as (select ${id}::int union all select c.id from folders c join t on c.parent_id = t.id where ${same})
                         select id from t`),
  );
  return rows.map((r) => Number(r.id));
}

/** Rename or move a folder; never into itself or a folder under it. */
export async function updateFolder(tx: Tx, p: Principal, id: number, body: z.output<typeof folderUpdateBody>): Promise<FolderItem> {
  const facility = fileFacility(p);
  const before = await liveFolder(tx, facility, id);
  await tx.select({ id: folders.id }).from(folders).where(eq(folders.id, id)).for('update');
  if (body.parent != null) {
    await liveFolder(tx, facility, body.parent, 'parent');
    if ((await subtree(tx, id, null)).includes(body.parent))
      throw ValidationError.field('parent', 'A folder cannot be moved into itself or into a folder inside it.');
  }
  const change = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.parent !== undefined ? { parentId: body.parent } : {}) };
  if (Object.keys(change).length)
    await named(() =>
      tx
        .update(folders)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(folders.id, id)),
    );
  await recordAudit(tx, p, {
    action: 'folder.update',
    entity: 'folder',
    entityId: String(id),
    before: { name: before.name, parent: before.parentId },
    after: body,
  });
  await touchRecent(tx, p.id, 'folder', [id]);
  return folderItem(tx, id);
}

/** Controlled documents among these folders' live files: only those who control documents may bin or restore them. */
async function holdsDocuments(tx: Tx, ids: number[], deletedAt: Date | null): Promise<boolean> {
  const same = deletedAt == null ? sql`deleted_at is null` : sql`deleted_at = ${deletedAt.toISOString()}::timestamptz`;
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from files where document_code is not null and ${same}
                         and folder_id in (${sql.join(
                           ids.map((x) => sql`${x}`),
                           sql`, `,
                         )})`),
  );
  return Number(row?.n ?? 0) > 0;
}

/** To the bin, with every folder and file inside it (all at one instant, so they come back together). */
export async function deleteFolder(tx: Tx, p: Principal, id: number, now = new Date()): Promise<void> {
  const facility = fileFacility(p);
  await liveFolder(tx, facility, id);
  const ids = await subtree(tx, id, null);
  if (!mayControl(p) && (await holdsDocuments(tx, ids, null))) requireControl(p);
  const inTree = sql.join(
    ids.map((x) => sql`${x}`),
    sql`, `,
  );
  await tx.execute(sql`update folders set deleted_at = ${now.toISOString()}::timestamptz, deleted_by = ${p.id} where id in (${inTree})`);
  const binned = rowsOf<{ id: number }>(
    await tx.execute(sql`update files set deleted_at = ${now.toISOString()}::timestamptz, deleted_by = ${p.id}
                         where folder_id in (${inTree}) and deleted_at is null and not attachment returning id`),
  );
  await recordAudit(tx, p, { action: 'folder.delete', entity: 'folder', entityId: String(id), after: { folders: ids, files: binned.map((b) => b.id) } });
}

/** Back from the bin with what went with it; to the top level when its parent is not there, renamed when its name was taken meanwhile. */
export async function restoreFolder(tx: Tx, p: Principal, id: number): Promise<FolderItem> {
  const facility = fileFacility(p);
  const [row] = await tx
    .select({ id: folders.id, name: folders.name, parentId: folders.parentId, deletedAt: folders.deletedAt })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.facilityId, facility), gte(folders.deletedAt, binCutoff())))
    .for('update');
  if (!row?.deletedAt) throw notFound();
  const ids = await subtree(tx, id, row.deletedAt);
  if (!mayControl(p) && (await holdsDocuments(tx, ids, row.deletedAt))) requireControl(p);
  const parent =
    row.parentId == null
      ? null
      : ((
          await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, row.parentId), isNull(folders.deletedAt)))
        )[0]?.id ?? null);
  const taken = async (name: string) =>
    rowsOf(
      await tx.execute(sql`select 1 from folders where facility_id = ${facility} and coalesce(parent_id, 0) = ${parent ?? 0}
                           and lower(name) = lower(${name}) and deleted_at is null`),
    ).length > 0;
  let name = row.name;
  for (let n = 1; await taken(name); n++) name = `${row.name} (restored${n > 1 ? ` ${n}` : ''})`;
  const at = row.deletedAt.toISOString();
  const inTree = sql.join(
    ids.map((x) => sql`${x}`),
    sql`, `,
  );
  await tx.update(folders).set({ name, parentId: parent }).where(eq(folders.id, id));
  await tx.execute(sql`update folders set deleted_at = null, deleted_by = null where id in (${inTree})`);
  await tx.execute(sql`update files set deleted_at = null, deleted_by = null where folder_id in (${inTree}) and deleted_at = ${at}::timestamptz`);
  await recordAudit(tx, p, { action: 'folder.restore', entity: 'folder', entityId: String(id), after: { folders: ids, name, parent } });
  await touchRecent(tx, p.id, 'folder', [id]);
  return folderItem(tx, id);
}
