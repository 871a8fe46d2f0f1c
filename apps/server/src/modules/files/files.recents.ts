import type { FileItem, FolderItem } from '@nlims/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db.js';
import { lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { fileRecents, files, folders } from './files.table.js';
import { fileFacility, fileFields, folderFields, toFileItem, toFolderItem } from './files.items.js';

type Kind = 'file' | 'folder';

/** How many of a user's items of a kind are remembered; the lists show the last 20. */
const KEPT = 50;
const SHOWN = 20;

/** The user created, changed or opened this folder or file now. */
export async function touchRecent(tx: Tx, userId: number, kind: Kind, itemIds: readonly number[], at = new Date()): Promise<void> {
  if (!itemIds.length) return;
  await tx
    .insert(fileRecents)
    .values(itemIds.map((itemId) => ({ userId, kind, itemId, at })))
    .onConflictDoUpdate({ target: [fileRecents.userId, fileRecents.kind, fileRecents.itemId], set: { at: sql`excluded.at` } });
}

/** Forget all but the user's latest items of a kind. */
async function trim(db: Tx, userId: number, kind: Kind): Promise<void> {
  await db.execute(sql`delete from ${fileRecents} r where r.user_id = ${userId} and r.kind = ${kind}
    and r.item_id not in (select k.item_id from ${fileRecents} k where k.user_id = ${userId} and k.kind = ${kind} order by k.at desc limit ${KEPT})`);
}

/** The caller's latest folders, live and of the caller's facility. */
export async function recentFolders(db: Db, p: Principal): Promise<FolderItem[]> {
  const facility = fileFacility(p);
  await trim(db, p.id, 'folder');
  const rows = await db
    .select(folderFields)
    .from(fileRecents)
    .innerJoin(folders, eq(folders.id, fileRecents.itemId))
    .where(and(eq(fileRecents.userId, p.id), eq(fileRecents.kind, 'folder'), eq(folders.facilityId, facility), isNull(folders.deletedAt)))
    .orderBy(desc(fileRecents.at))
    .limit(SHOWN);
  return rows.map(toFolderItem);
}

/** The caller's latest files (not attachments), live and of the caller's facility. */
export async function recentFiles(db: Db, p: Principal): Promise<FileItem[]> {
  const facility = fileFacility(p);
  await trim(db, p.id, 'file');
  const rows = await db
    .select(fileFields)
    .from(fileRecents)
    .innerJoin(files, eq(files.id, fileRecents.itemId))
    .where(
      and(eq(fileRecents.userId, p.id), eq(fileRecents.kind, 'file'), eq(files.facilityId, facility), isNull(files.deletedAt), eq(files.attachment, false)),
    )
    .orderBy(desc(fileRecents.at))
    .limit(SHOWN);
  const today = lagosToday();
  return rows.map((r) => toFileItem(r, today));
}
