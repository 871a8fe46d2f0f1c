import { type DocumentFields, documentFields, type FileItem, idParam } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { files } from './files.table.js';
import { fileFacility, fileItems, liveFolder, requireControl } from './files.items.js';
import { touchRecent } from './files.recents.js';
import type { Spooled } from './files.multipart.js';

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
