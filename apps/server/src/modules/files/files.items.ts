import { BIN_DAYS, type FileItem, type FolderItem, mayControlDocuments } from '@nlims/contracts';
import { and, eq, getTableName, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { lagosToday } from '../../core/period.js';
import { type Principal, userName } from '../users/users.service.js';
import { files, folders } from './files.table.js';

/**
 * What the folder and file services share: the caller's facility (files are
 * a facility's own), who may change controlled documents, and the rows as
 * the contracts' FolderItem and FileItem read them.
 */

/** The caller's facility; the super admin and the tier users hold none, and reach no file. */
export function fileFacility(p: Principal): number {
  if (p.isSuperuser || p.facilityId == null) throw forbidden('Documents and files are the work of a facility.');
  return p.facilityId;
}

/** Admin, Manager or Supervisor in any programme of the facility. */
export const mayControl = (p: Principal): boolean => mayControlDocuments(p.roles.map((r) => r.role));

export function requireControl(p: Principal): void {
  if (!mayControl(p)) throw forbidden('Only an Admin, a Manager or a Supervisor may issue or change controlled documents.');
}

/** The first instant still in the bin: what was deleted earlier is purged. */
export const binCutoff = (now = new Date()): Date => new Date(now.getTime() - BIN_DAYS * 86_400_000);

/**
 * A column of the outer query, named with its table: inside a sub-query drizzle would write it bare, and a bare
 * name resolves to the sub-query's own table first.
 */
export const outer = (column: AnyPgColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** A user's name as the lists show it. */
export const nameOf = (column: AnyPgColumn): SQL<string> => userName(outer(column));

export const folderFields = {
  id: folders.id,
  name: folders.name,
  parent: folders.parentId,
  // A live folder counts what is live in it; one in the bin, what went to the bin with it.
  files_count: sql<number>`(select count(*) from ${files} x where x.folder_id = ${outer(folders.id)} and not x.attachment
                             and x.deleted_at is not distinct from ${outer(folders.deletedAt)})::int`,
  folders_count: sql<number>`(select count(*) from folders c where c.parent_id = ${outer(folders.id)}
                               and c.deleted_at is not distinct from ${outer(folders.deletedAt)})::int`,
  created_by: nameOf(folders.createdBy),
  created_at: folders.createdAt,
  updated_at: folders.updatedAt,
  deleted_at: folders.deletedAt,
};
type FolderRow = { [K in keyof typeof folderFields]: unknown };

export function toFolderItem(r: FolderRow): FolderItem {
  return {
    id: r.id as number,
    name: r.name as string,
    parent: r.parent as number | null,
    files_count: Number(r.files_count),
    folders_count: Number(r.folders_count),
    created_by: r.created_by as string,
    created_at: iso(r.created_at as Date)!,
    updated_at: iso(r.updated_at as Date)!,
    deleted_at: iso(r.deleted_at as Date | null),
  };
}

export const fileFields = {
  id: files.id,
  name: files.name,
  folder: files.folderId,
  folder_name: sql<string | null>`(select f.name from folders f where f.id = ${outer(files.folderId)})`,
  kind: files.kind,
  media_type: files.mediaType,
  size: files.size,
  sha256: files.sha256,
  created_by: nameOf(files.createdBy),
  created_at: files.createdAt,
  updated_at: files.updatedAt,
  deleted_at: files.deletedAt,
  code: files.documentCode,
  title: files.documentTitle,
  version: files.version,
  effective_date: files.effectiveDate,
  review_date: files.reviewDate,
  approved_by: files.approvedBy,
  superseded_at: files.supersededAt,
};
export type FileRow = { [K in keyof typeof fileFields]: unknown };

export function toFileItem(r: FileRow, today = lagosToday()): FileItem {
  const current = r.superseded_at == null;
  return {
    id: r.id as number,
    name: r.name as string,
    folder: r.folder as number | null,
    folder_name: r.folder_name as string | null,
    kind: r.kind as string,
    media_type: r.media_type as string,
    size: Number(r.size),
    sha256: r.sha256 as string,
    created_by: r.created_by as string,
    created_at: iso(r.created_at as Date)!,
    updated_at: iso(r.updated_at as Date)!,
    deleted_at: iso(r.deleted_at as Date | null),
    document:
      r.code == null
        ? null
        : {
            code: r.code as string,
            title: r.title as string,
            version: r.version as number,
            effective_date: r.effective_date as string,
            review_date: r.review_date as string,
            approved_by: r.approved_by as string,
            status: current ? 'current' : 'superseded',
            past_review: current && (r.review_date as string) < today,
            superseded_at: iso(r.superseded_at as Date | null),
          },
  };
}

/** The files of these ids, as FileItems, in the order given. */
export async function fileItems(tx: Tx, ids: readonly number[]): Promise<FileItem[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select(fileFields)
    .from(files)
    .where(inArray(files.id, [...ids]));
  const today = lagosToday();
  return ids.map((id) => toFileItem(rows.find((r) => r.id === id)!, today));
}

export async function folderItem(tx: Tx, id: number): Promise<FolderItem> {
  const [row] = await tx.select(folderFields).from(folders).where(eq(folders.id, id));
  if (!row) throw notFound();
  return toFolderItem(row);
}

/** A live folder of the facility, or a 404 (a path or list naming it) / a 400 naming `field` (a body naming it). */
export async function liveFolder(tx: Tx, facility: number, id: number, field?: string): Promise<{ id: number; parentId: number | null; name: string }> {
  const [row] = await tx
    .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.facilityId, facility), isNull(folders.deletedAt)));
  if (row) return row;
  if (field) throw ValidationError.field(field, `Invalid pk "${id}" - object does not exist.`);
  throw notFound();
}
