import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ClientItem, type ClientMergeBody, MERGE_CONFIRMATION, type MergeFact, mayMergeClients, mergeDifferences } from '@nlims/contracts';
import { facilityScope } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { clientsMerged } from './clients.hooks.js';
import { clientRecords, requireRoleInClientPrograms } from './clients.resource.js';
import { hiddenIdentifiersFor } from './clients.identifier-access.js';
import { clientIdentifiers, clients } from './clients.table.js';

/** Merging is irreversible: only a Supervisor in some programme may do it (docs/decisions.md). */
export function requireMayMerge(p: Principal): void {
  if (!mayMergeClients(p.roles)) throw forbidden('Only a supervisor may merge client records.');
}

type ClientRow = typeof clients.$inferSelect;

/** The survivor's empty fields, filled from the duplicate; a place is taken whole (an LGA only within the survivor's state). */
export function fieldsToFill(keep: ClientRow, duplicate: ClientRow): Partial<ClientRow> {
  const fill: Partial<ClientRow> = {};
  if (!keep.phone && duplicate.phone) fill.phone = duplicate.phone;
  if (!keep.address && duplicate.address) fill.address = duplicate.address;
  if (!keep.otherNames && duplicate.otherNames) fill.otherNames = duplicate.otherNames;
  if (keep.stateId == null && duplicate.stateId != null) {
    fill.stateId = duplicate.stateId;
    if (keep.lgaId == null) fill.lgaId = duplicate.lgaId;
  } else if (keep.lgaId == null && duplicate.lgaId != null && duplicate.stateId === keep.stateId) fill.lgaId = duplicate.lgaId;
  return fill;
}

/**
 * Merge two records of one person, in the caller's transaction: the duplicate's orders
 * and identifiers move to the client kept (an identifier the kept client
 * already has is dropped), the kept client's empty fields are filled from the
 * duplicate, and the duplicate is marked `merged_into` — kept, never deleted,
 * and left out of lists and searches. One audit row holds both records before
 * and the result.
 */
export async function mergeClients(tx: Tx, p: Principal, keepId: number, input: ClientMergeBody): Promise<ClientItem> {
  const duplicateId = input.duplicate;
  requireMayMerge(p);
  // Both rows locked in id order, so two merges of the same pair cannot interleave or deadlock.
  const scope = facilityScope(p);
  const locked = await tx
    .select()
    .from(clients)
    .where(and(inArray(clients.id, [keepId, duplicateId]), ...(scope == null ? [] : [eq(clients.facilityId, scope)])))
    .orderBy(clients.id)
    .for('update');
  const keep = locked.find((c) => c.id === keepId);
  const duplicate = locked.find((c) => c.id === duplicateId);
  if (!keep) throw notFound();
  if (!duplicate) throw notFound('No client with this id at your facility.');
  if (keepId === duplicateId) throw ValidationError.field('duplicate', 'A client cannot be merged into itself; choose the other record.');
  if (keep.facilityId !== duplicate.facilityId) throw ValidationError.field('duplicate', 'Both records must belong to one facility.');
  if (keep.mergedInto != null)
    throw ValidationError.field('id', `This record was already merged into client ${keep.mergedInto}; merge into that record instead.`);
  if (duplicate.mergedInto != null) throw ValidationError.field('duplicate', `This record was already merged into client ${duplicate.mergedInto}.`);
  await requireRoleInClientPrograms(tx, p, [keepId, duplicateId]);
  requireConfirmedIfUnlike(keep, duplicate, input.confirm);

  const [keepBefore, duplicateBefore] = await recordsInOrder(tx, keepId, duplicateId);
  const moved = Object.assign({}, ...(await clientsMerged.collect({ tx, duplicate: duplicateId, keep: keepId }))) as Record<string, number>;
  const identifiers = await moveIdentifiers(tx, keepId, duplicateId);
  const fill = fieldsToFill(keep, duplicate);
  await tx
    .update(clients)
    .set({ ...fill, updatedAt: sql`now()` })
    .where(eq(clients.id, keepId));
  await tx.update(clients).set({ mergedInto: keepId, mergedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(clients.id, duplicateId));
  const [keepAfter, duplicateAfter] = await recordsInOrder(tx, keepId, duplicateId);
  await recordAudit(tx, p, {
    action: 'client.merged',
    entity: 'client',
    entityId: String(keepId),
    before: { client: keepBefore, duplicate: duplicateBefore },
    after: {
      client: keepAfter,
      duplicate: duplicateAfter,
      ...moved,
      identifiers_moved: identifiers.moved,
      identifiers_dropped: identifiers.dropped,
      fields_filled: Object.keys(fill),
    },
  });
  return (await clientRecords(tx, [keepId], hiddenIdentifiersFor(p)))[0] as ClientItem;
}

/**
 * Two records whose names, sex or date of birth differ may be two people: the
 * merge then needs the typed confirmation, and the refusal says what differs.
 */
function requireConfirmedIfUnlike(keep: ClientRow, duplicate: ClientRow, confirm: string | undefined): void {
  const facts = (c: ClientRow) => ({ first_name: c.firstName, last_name: c.lastName, sex: c.sex, date_of_birth: c.dateOfBirth, dob_estimated: c.dobEstimated });
  const differ = mergeDifferences(facts(keep), facts(duplicate));
  if (!differ.length || confirm?.trim().toUpperCase() === MERGE_CONFIRMATION) return;
  const words = differ.map((f) => MERGE_FACT_WORDS[f]).join(', ');
  throw ValidationError.field('confirm', `These records differ in ${words}: they may be two people. Type ${MERGE_CONFIRMATION} to merge them all the same.`);
}

const MERGE_FACT_WORDS: Record<MergeFact, string> = {
  first_name: 'first name',
  last_name: 'last name',
  sex: 'sex',
  date_of_birth: 'date of birth',
};

/** Both records whole (every identifier), as the audit row keeps them. */
async function recordsInOrder(tx: Tx, keepId: number, duplicateId: number) {
  const rows = await clientRecords(tx, [keepId, duplicateId], []);
  return [rows.find((r) => r.id === keepId), rows.find((r) => r.id === duplicateId)] as const;
}

/**
 * The duplicate's identifiers go to the client kept; one the kept client
 * already has (same type and value) is dropped, as the pair may appear once
 * per facility (client_identifiers_identifier_uq) and says nothing new.
 */
async function moveIdentifiers(tx: Tx, keepId: number, duplicateId: number): Promise<{ moved: number; dropped: number }> {
  const rows = await tx
    .select()
    .from(clientIdentifiers)
    .where(inArray(clientIdentifiers.clientId, [keepId, duplicateId]));
  const kept = new Set(rows.filter((r) => r.clientId === keepId).map((r) => `${r.identifierTypeId}\u0000${r.identifier}`));
  const theirs = rows.filter((r) => r.clientId === duplicateId);
  const drop = theirs.filter((r) => kept.has(`${r.identifierTypeId}\u0000${r.identifier}`)).map((r) => r.id);
  const move = theirs.filter((r) => !drop.includes(r.id)).map((r) => r.id);
  if (drop.length) await tx.delete(clientIdentifiers).where(inArray(clientIdentifiers.id, drop));
  if (move.length) await tx.update(clientIdentifiers).set({ clientId: keepId }).where(inArray(clientIdentifiers.id, move));
  return { moved: move.length, dropped: drop.length };
}
