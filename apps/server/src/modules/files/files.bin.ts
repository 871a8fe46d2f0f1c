import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../core/db.js';
import { recordAudit } from '../audit/audit.service.js';
import { fileRecents } from './files.table.js';
import { binCutoff } from './files.items.js';
import type { FileStorage } from './files.storage.js';
import { removeAll } from './files.multipart.js';

/** The advisory lock of the purge: one process purges at a time; the others skip their turn. */
const PURGE_LOCK = 140;

/**
 * Empty the bin of what was deleted more than 30 days ago (one facility's, or
 * every facility's): the rows go in one transaction, then their bytes. Run
 * whenever a bin is listed and on a timer; with several server processes on
 * one database, a purge already running elsewhere makes this one a no-op, and
 * two that overlap never delete a row twice (a deleted row is returned once).
 * A file's bytes are removed only after its row is gone: a failure leaves
 * unreferenced bytes, never a row without its bytes.
 */
export async function purgeBin(db: Db, storage: FileStorage, options: { facility?: number; now?: Date } = {}): Promise<{ files: number; folders: number }> {
  const cutoff = binCutoff(options.now).toISOString();
  const facility = options.facility ?? null;
  const mine = (alias: string) => (facility == null ? sql`true` : sql`${sql.raw(alias)}.facility_id = ${facility}`);
  const purged = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}, 0) as locked`));
    if (!lock?.locked) return { keys: [] as string[], files: [] as number[], folders: [] as number[] };
    // A deleted attachment's file went to the bin with it; the attachment row goes with the file.
    await tx.execute(sql`delete from attachments a using files f
                         where a.file_id = f.id and f.deleted_at < ${cutoff}::timestamptz and ${mine('f')}`);
    const gone = rowsOf<{ id: number; storage_key: string }>(
      await tx.execute(sql`delete from files f where f.deleted_at < ${cutoff}::timestamptz and ${mine('f')} returning f.id, f.storage_key`),
    );
    const doomed = sql`select d.id from folders d where d.deleted_at < ${cutoff}::timestamptz and ${mine('d')}`;
    // Nothing purged may be pointed at by what stays (a file or folder restored to the top level already is).
    await tx.execute(sql`update files set folder_id = null where folder_id in (${doomed})`);
    await tx.execute(sql`update folders set parent_id = null where parent_id in (${doomed}) and (deleted_at is null or deleted_at >= ${cutoff}::timestamptz)`);
    const folders = rowsOf<{ id: number }>(
      await tx.execute(sql`delete from folders d where d.deleted_at < ${cutoff}::timestamptz and ${mine('d')} returning d.id`),
    );
    const fileIds = gone.map((g) => Number(g.id));
    const folderIds = folders.map((f) => Number(f.id));
    for (const [kind, ids] of [
      ['file', fileIds],
      ['folder', folderIds],
    ] as const)
      if (ids.length) await tx.delete(fileRecents).where(and(eq(fileRecents.kind, kind), inArray(fileRecents.itemId, ids)));
    if (fileIds.length || folderIds.length)
      await recordAudit(tx, null, {
        action: 'files.purge',
        entity: 'file',
        reason: 'Deleted more than 30 days ago',
        after: { files: fileIds, folders: folderIds, facility },
      });
    return { keys: gone.map((g) => g.storage_key), files: fileIds, folders: folderIds };
  });
  await removeAll(storage, purged.keys);
  return { files: purged.files.length, folders: purged.folders.length };
}
