import type { AttachmentItem, AttachmentTarget, attachmentUpdateBody, Permission } from '@nlims/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { mayIn, roleIn } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { conflict, forbidden, notFound } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { reportNamesUnseenSample } from '../nonconformity/nonconformity.read.js';
import { ncrReports } from '../nonconformity/nonconformity.table.js';
import { programs } from '../programs/programs.table.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { attachments, files } from './files.table.js';
import { fileFacility, nameOf } from './files.items.js';
import type { Spooled } from './files.multipart.js';

/**
 * Files attached to a sample, a result (its test order) or a non-conformity
 * report. Who may see or add one follows the target: a sample's and a
 * result's through the sample's programme and the facility that holds it
 * (a referred sample is its testing laboratory's; the facility that referred
 * it may still read), a report's through its facility. Whoever holds no role in a sample's programme is told it
 * does not exist; a report naming a sample of a programme the caller holds no role in keeps its attachments (which
 * may show it) from the caller: none listed, none opened, none added.
 */
export type Access = 'read' | 'attach';

const ATTACH: Record<Exclude<AttachmentTarget, 'ncr'>, Permission[]> = { sample: ['receive', 'enter'], result: ['enter', 'validate', 'approve'] };
const WORDS: Record<AttachmentTarget, string> = { sample: 'samples', result: 'results', ncr: 'reports' };

export interface Target {
  target: AttachmentTarget;
  id: number;
  /** The sample of a sample or result target. */
  sampleId: number | null;
  /** A report naming a sample of a programme the caller holds no role in: its attachments are not the caller's. */
  hides?: boolean;
}

/**
 * A closed report's evidence was signed with it: once closed, nothing is attached to it, changed or removed (409).
 * The report's row is held while the change is made, so that it is not closed meanwhile (closing locks it for update).
 */
async function openReport(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ state: ncrReports.state }).from(ncrReports).where(eq(ncrReports.id, id)).for('share');
  if (row?.state === 'closed') throw conflict('The report is closed: its evidence can no longer change.');
}

/**
 * The target as the caller may use it, or 404 (not there, or another facility's) / 403 (no role for this in its
 * programme) / 409 (a change to a closed report's evidence).
 */
export async function reachTarget(tx: Tx, p: Principal, target: AttachmentTarget, id: number, access: Access): Promise<Target> {
  const facility = fileFacility(p);
  if (target === 'ncr') {
    const [row] = await tx
      .select({ id: ncrReports.id })
      .from(ncrReports)
      .where(and(eq(ncrReports.id, id), eq(ncrReports.facilityId, facility)));
    if (!row) throw notFound();
    const hides = await reportNamesUnseenSample(tx, p, id);
    if (hides && access === 'attach') throw forbidden('This report names a sample of a programme you hold no role in: its attachments are kept by its staff.');
    if (access === 'attach') await openReport(tx, id);
    return { target, id, sampleId: null, hides };
  }
  const q = tx
    .select({ sample: samples.id, facility: samples.facilityId, referredFrom: samples.referredFromFacilityId, program: programs.name })
    .from(samples)
    .innerJoin(programs, eq(programs.id, samples.programId));
  const [row] =
    target === 'sample' ? await q.where(eq(samples.id, id)) : await q.innerJoin(testOrders, eq(testOrders.sampleId, samples.id)).where(eq(testOrders.id, id));
  const holds = row?.facility === facility;
  if (!row || !(holds || (access === 'read' && row.referredFrom === facility))) throw notFound();
  const wanted: Permission[] = access === 'read' ? ['read'] : ATTACH[target];
  if (!wanted.some((permission) => mayIn(p, row.program, permission))) {
    if (!holds || roleIn(p, row.program) == null) throw notFound();
    throw forbidden(
      access === 'read'
        ? `Your role may not view samples in the ${row.program} programme.`
        : `Your role may not add attachments to ${WORDS[target]} in the ${row.program} programme.`,
    );
  }
  return { target, id, sampleId: row.sample };
}

const fields = {
  id: attachments.id,
  file: attachments.fileId,
  name: files.name,
  kind: files.kind,
  size: files.size,
  sample: attachments.sampleId,
  test_order: attachments.testOrderId,
  ncr: attachments.ncrId,
  test_name: testTypes.name,
  description: attachments.description,
  with_report: attachments.withReport,
  created_by: nameOf(attachments.createdBy),
  created_at: attachments.createdAt,
};
type Row = { [K in keyof typeof fields]: unknown };

function toItem(r: Row): AttachmentItem {
  const target: AttachmentTarget = r.test_order != null ? 'result' : r.ncr != null ? 'ncr' : 'sample';
  return {
    id: r.id as number,
    file: r.file as number,
    name: r.name as string,
    kind: r.kind as string,
    size: Number(r.size),
    target,
    target_id: (target === 'result' ? r.test_order : target === 'ncr' ? r.ncr : r.sample) as number,
    test_name: (r.test_name as string | null) ?? null,
    description: r.description as string,
    with_report: r.with_report as boolean,
    created_by: r.created_by as string,
    created_at: new Date(r.created_at as Date).toISOString(),
  };
}

async function select(tx: Tx, where: SQL | undefined): Promise<AttachmentItem[]> {
  const rows = await tx
    .select(fields)
    .from(attachments)
    .innerJoin(files, eq(files.id, attachments.fileId))
    .leftJoin(testOrders, eq(testOrders.id, attachments.testOrderId))
    .leftJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(and(isNull(attachments.deletedAt), where))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return rows.map(toItem);
}

const columnOf = { sample: attachments.sampleId, result: attachments.testOrderId, ncr: attachments.ncrId } as const;

/** A target's attachments; with `report` on a sample, those its order's report prints. */
export async function listAttachments(db: Db, p: Principal, q: { target: AttachmentTarget; id: number; report?: '0' | '1' }): Promise<AttachmentItem[]> {
  const t = await reachTarget(db, p, q.target, q.id, 'read');
  if (t.hides) return [];
  if (q.report === '1' && t.sampleId != null) {
    const [order] = await db.select({ order: samples.orderId }).from(samples).where(eq(samples.id, t.sampleId));
    const ids = (await db.select({ id: samples.id }).from(samples).where(eq(samples.orderId, order!.order))).map((s) => s.id);
    return reportAttachments(db, ids);
  }
  return select(db, eq(columnOf[q.target], q.id));
}

/** The attachments marked for the report of these samples: each sample's own and its tests'. */
export function reportAttachments(tx: Tx, sampleIds: readonly number[]): Promise<AttachmentItem[]> {
  if (!sampleIds.length) return Promise.resolve([]);
  return select(
    tx,
    and(
      eq(attachments.withReport, true),
      or(
        inArray(attachments.sampleId, [...sampleIds]),
        inArray(
          attachments.testOrderId,
          tx
            .select({ id: testOrders.id })
            .from(testOrders)
            .where(inArray(testOrders.sampleId, [...sampleIds])),
        ),
      ),
    ),
  );
}

/** Attach stored files to a target: a file row (outside the folders) and an attachment each, with their audit rows. */
export async function createAttachments(
  tx: Tx,
  p: Principal,
  t: Target,
  input: { description: string; withReport: boolean; files: readonly Spooled[]; keys: readonly string[] },
): Promise<AttachmentItem[]> {
  const facility = fileFacility(p);
  // The report may have been closed since its target was reached, outside this transaction.
  if (t.target === 'ncr') await openReport(tx, t.id);
  const now = new Date();
  const made = await tx
    .insert(files)
    .values(
      input.files.map((f, i) => ({
        facilityId: facility,
        name: f.name,
        storageKey: input.keys[i]!,
        kind: f.kind,
        mediaType: f.mediaType,
        size: f.size,
        sha256: f.sha256,
        attachment: true,
        createdBy: p.id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: files.id });
  const rows = await tx
    .insert(attachments)
    .values(
      made.map((f) => ({
        fileId: f.id,
        facilityId: facility,
        sampleId: t.target === 'sample' ? t.id : null,
        testOrderId: t.target === 'result' ? t.id : null,
        ncrId: t.target === 'ncr' ? t.id : null,
        description: input.description,
        withReport: input.withReport,
        createdBy: p.id,
        createdAt: now,
      })),
    )
    .returning({ id: attachments.id });
  await recordAudits(
    tx,
    p,
    rows.map((a, i) => {
      const f = input.files[i]!;
      return {
        action: 'attachment.create',
        entity: 'attachment',
        entityId: String(a.id),
        after: { target: t.target, id: t.id, file: made[i]!.id, name: f.name, kind: f.kind, size: f.size, sha256: f.sha256, with_report: input.withReport },
      };
    }),
  );
  return select(
    tx,
    inArray(
      attachments.id,
      rows.map((r) => r.id),
    ),
  );
}

/** A live attachment with its target, as the caller may use it. */
async function attachmentFor(tx: Tx, p: Principal, id: number, access: Access) {
  const [row] = await tx
    .select({ id: attachments.id, fileId: attachments.fileId, sample: attachments.sampleId, test: attachments.testOrderId, ncr: attachments.ncrId })
    .from(attachments)
    .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)));
  if (!row) throw notFound();
  const target: AttachmentTarget = row.test != null ? 'result' : row.ncr != null ? 'ncr' : 'sample';
  if ((await reachTarget(tx, p, target, (row.test ?? row.ncr ?? row.sample)!, access)).hides) throw notFound();
  return row;
}

export async function updateAttachment(tx: Tx, p: Principal, id: number, body: z.output<typeof attachmentUpdateBody>): Promise<AttachmentItem> {
  await attachmentFor(tx, p, id, 'attach');
  const change = {
    ...(body.with_report !== undefined ? { withReport: body.with_report } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
  };
  if (Object.keys(change).length) await tx.update(attachments).set(change).where(eq(attachments.id, id));
  await recordAudits(tx, p, [{ action: 'attachment.update', entity: 'attachment', entityId: String(id), after: body }]);
  return (await select(tx, eq(attachments.id, id)))[0]!;
}

/** Removed with its file, which stays in the bin for 30 days (then purged with its bytes). */
export async function deleteAttachment(tx: Tx, p: Principal, id: number, now = new Date()): Promise<void> {
  const row = await attachmentFor(tx, p, id, 'attach');
  await tx.update(attachments).set({ deletedAt: now }).where(eq(attachments.id, id));
  await tx.update(files).set({ deletedAt: now, deletedBy: p.id }).where(eq(files.id, row.fileId));
  await recordAudits(tx, p, [{ action: 'attachment.delete', entity: 'attachment', entityId: String(id), after: { file: row.fileId } }]);
}

/** An attachment's file is read as its target is: 404 unless the caller may read the target. */
export async function requireAttachmentFileRead(tx: Tx, p: Principal, fileId: number): Promise<void> {
  const [row] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.fileId, fileId), isNull(attachments.deletedAt)));
  if (!row) throw notFound();
  await attachmentFor(tx, p, row.id, 'read');
}
