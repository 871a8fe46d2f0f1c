import {
  type ElectronicRequestItem,
  type electronicRequestAcceptBody,
  type electronicRequestQuery,
  FHIR_NAMESPACE,
  familyOf,
  identifierSystem,
  PROGRAMS,
  rulesOf,
} from '@nlims/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { programsWhere, requireIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypeSampleTypes } from '../catalogue/catalogue.table.js';
import { clientIdentifiers, clients } from '../clients/clients.table.js';
import { programIn } from '../samples/forms.js';
import { createOrder, moveSamples } from '../samples/samples.service.js';
import { samples } from '../samples/samples.table.js';
import { clientIdentifierTypes } from '../reference/reference.table.js';
import type { Principal } from '../users/users.service.js';
import { type TaskRow, taskRows } from './fhir.tasks.js';
import { clientIdentifierSystems, electronicRequests } from './fhir.table.js';

/**
 * The laboratory's side of electronic requests (`/api/electronic_request/`): the programme's staff who may register
 * samples (`order`) list them, accept one — the client matched by identifier or made, and the order placed through
 * the samples module's `createOrder` (lab number, samples, invoice and audit), the sender's Specimen recorded on its
 * sample (collected then, of that type, through the samples module's collect move), the sender's identifier systems
 * kept beside the product's, all in one transaction with the request's move and its audit row — or reject one with
 * a reason.
 */

const PAGE = 25;

/** The programmes whose requests the caller handles (`order` there), narrowed to `program__name`; 403 when none. */
export function handledPrograms(p: Principal, programName?: string): string[] {
  if (programName && !PROGRAMS.includes(programName)) throw ValidationError.field('program__name', `Unknown programme "${programName}".`);
  const names = programsWhere(p, 'order', programName ? [programName] : PROGRAMS);
  if (p.isSuperuser || p.facilityId == null || !names.length)
    throw forbidden('Electronic requests are handled by the staff who register samples in the programme.');
  return names;
}

const item = (r: TaskRow): ElectronicRequestItem => ({
  id: r.id,
  program: r.program_name,
  identifier: r.identifier_value,
  status: r.task_status,
  requester: r.requester,
  api_client: r.api_client_name,
  summary: r.summary,
  client: r.client_id,
  order: r.order_id,
  lab_number: r.lab_number,
  reason: r.reason,
  received_at: iso(r.received_at)!,
  decided_at: iso(r.decided_at),
  decided_by: r.decided_by_name,
});

export async function listElectronicRequests(tx: Tx, p: Principal, q: z.infer<typeof electronicRequestQuery>) {
  const names = handledPrograms(p, q.program__name);
  const where = sql`x.facility_id = ${p.facilityId} and ${programIn(sql`x.program_id`, names)}${q.status ? sql` and x.task_status = ${q.status}` : sql``}`;
  const rows = await taskRows(tx, where, { limit: PAGE, offset: (q.page - 1) * PAGE });
  const [counted] = (
    (await tx.execute(
      sql`select count(*)::int as n from electronic_requests x where x.facility_id = ${p.facilityId} and ${programIn(sql`x.program_id`, names)}${
        q.status && ['requested', 'rejected', 'cancelled'].includes(q.status) ? sql` and x.status = ${q.status}` : sql``
      }`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  // The count of a computed status (accepted / in progress / completed) is the page's when it is not kept as such.
  const count = q.status && !['requested', 'rejected', 'cancelled'].includes(q.status) ? rows.length : (counted?.n ?? 0);
  await recordAudit(tx, p, { action: 'electronic_request.list', entity: 'electronic_request', after: { query: q, count } });
  return { count, next: null, previous: null, results: rows.map(item) };
}

/** The request, locked, if the caller handles its programme at its facility (404 otherwise). */
async function lockRequest(tx: Tx, p: Principal, id: number) {
  const names = handledPrograms(p);
  const [row] = await tx
    .select()
    .from(electronicRequests)
    .where(and(eq(electronicRequests.id, id), eq(electronicRequests.facilityId, p.facilityId ?? -1)))
    .for('update');
  if (!row) throw notFound();
  const [one] = await taskRows(tx, sql`x.id = ${id}`);
  if (!one || !names.includes(one.program_name)) throw notFound();
  if (row.status !== 'requested') throw ValidationError.field('non_field_errors', `This request is already ${row.status}.`);
  return { row, programName: one.program_name };
}

async function reread(tx: Tx, id: number): Promise<ElectronicRequestItem> {
  const [row] = await taskRows(tx, sql`x.id = ${id}`);
  return item(row!);
}

/** The client the request is for: the one named, one of the facility's with a matching identifier, or a new one. */
async function clientFor(tx: Tx, p: Principal, summary: TaskRow['summary'], named?: number): Promise<{ id: number; created: boolean }> {
  const facilityId = p.facilityId!;
  if (named != null) {
    const [c] = await tx
      .select({ id: clients.id, mergedInto: clients.mergedInto })
      .from(clients)
      .where(and(eq(clients.id, named), eq(clients.facilityId, facilityId)));
    if (!c) throw ValidationError.field('client', `Invalid pk "${named}" - object does not exist.`);
    return { id: c.mergedInto ?? c.id, created: false };
  }
  const typed = summary.patient.identifiers.filter((i) => i.type);
  const types = typed.length
    ? await tx
        .select()
        .from(clientIdentifierTypes)
        .where(
          inArray(
            clientIdentifierTypes.name,
            typed.map((i) => i.type),
          ),
        )
    : [];
  const pairs = typed
    .map((i) => ({ typeId: types.find((t) => t.name === i.type)?.id, value: i.value }))
    .filter((x): x is { typeId: number; value: string } => x.typeId != null);
  for (const pair of pairs) {
    const [held] = await tx
      .select({ id: clients.id, mergedInto: clients.mergedInto })
      .from(clientIdentifiers)
      .innerJoin(clients, eq(clients.id, clientIdentifiers.clientId))
      .where(
        and(eq(clientIdentifiers.facilityId, facilityId), eq(clientIdentifiers.identifierTypeId, pair.typeId), eq(clientIdentifiers.identifier, pair.value)),
      );
    if (held) return { id: held.mergedInto ?? held.id, created: false };
  }
  const [made] = await tx
    .insert(clients)
    .values({
      facilityId,
      firstName: summary.patient.given,
      lastName: summary.patient.family,
      sex: summary.patient.sex,
      dateOfBirth: summary.patient.birth_date,
      phone: summary.patient.phone.replace(/[^+0-9 ()-]/g, '').slice(0, 20),
      createdBy: p.id,
    })
    .returning({ id: clients.id });
  const unique = pairs.filter((x, i) => pairs.findIndex((y) => y.typeId === x.typeId) === i);
  if (unique.length)
    await tx.insert(clientIdentifiers).values(unique.map((x) => ({ clientId: made!.id, facilityId, identifierTypeId: x.typeId, identifier: x.value })));
  await recordAudit(tx, p, {
    action: 'client.created',
    entity: 'client',
    entityId: String(made!.id),
    after: { from: 'electronic_request', name: summary.patient.name },
  });
  return { id: made!.id, created: true };
}

/** The sender's systems of the patient's identifiers (those of a known type, not the product's own), kept for reads and searches. */
async function keepSenderSystems(tx: Tx, facilityId: number, identifiers: TaskRow['summary']['patient']['identifiers']): Promise<void> {
  const sent = identifiers.filter((i) => i.type && i.value && i.system && !i.system.startsWith(FHIR_NAMESPACE) && i.system !== identifierSystem(i.type));
  if (!sent.length) return;
  const types = await tx
    .select()
    .from(clientIdentifierTypes)
    .where(
      inArray(
        clientIdentifierTypes.name,
        sent.map((i) => i.type),
      ),
    );
  const rows = sent
    .map((i) => ({ facilityId, identifierTypeId: types.find((t) => t.name === i.type)?.id, identifier: i.value, system: i.system }))
    .filter((r): r is typeof r & { identifierTypeId: number } => r.identifierTypeId != null);
  if (rows.length) await tx.insert(clientIdentifierSystems).values(rows).onConflictDoNothing();
}

/**
 * The sender's Specimen on the order's samples: each sample whose tests all take the Specimen's type gets that type
 * and, when the Specimen says when it was collected, is collected then (the samples module's collect move: status,
 * time, type, audit), so reception does not collect it again. Without a type, the order's only sample.
 */
async function recordSpecimen(
  tx: Tx,
  p: Principal,
  programName: string,
  placed: Awaited<ReturnType<typeof createOrder>>,
  specimen: TaskRow['summary']['specimen'],
  identifier: string,
): Promise<void> {
  if (!specimen) return;
  const type = specimen.sample_type ?? null;
  let targets = placed.samples.length === 1 ? placed.samples : [];
  if (type != null) {
    const testIds = placed.samples.flatMap((s) => s.tests.map((t) => t.test_type));
    const links = testIds.length ? await tx.select().from(testTypeSampleTypes).where(inArray(testTypeSampleTypes.testTypeId, testIds)) : [];
    targets = placed.samples.filter((s) =>
      s.tests.every((t) => {
        const own = links.filter((l) => l.testTypeId === t.test_type);
        return !own.length || own.some((l) => l.sampleTypeId === type);
      }),
    );
  }
  if (!targets.length) return;
  if (specimen.collected_at) {
    const byType = new Map<number, number[]>();
    for (const s of targets) {
      const as = type ?? s.sample_type;
      if (as != null) byType.set(as, [...(byType.get(as) ?? []), s.id]);
    }
    for (const [sampleType, ids] of byType)
      await moveSamples(tx, p, [programName], ids, 'collect', {
        collected_at: specimen.collected_at,
        sample_type: sampleType,
        comment: `Collected as electronic request ${identifier} says`.slice(0, 500),
      });
  } else if (type != null) {
    await tx
      .update(samples)
      .set({ sampleTypeId: type, updatedAt: new Date() })
      .where(
        inArray(
          samples.id,
          targets.map((s) => s.id),
        ),
      );
  }
}

export async function acceptElectronicRequest(
  tx: Tx,
  p: Principal,
  id: number,
  body: z.infer<typeof electronicRequestAcceptBody>,
): Promise<ElectronicRequestItem> {
  const { row, programName } = await lockRequest(tx, p, id);
  requireIn(p, programName, 'order');
  const summary = row.summary as TaskRow['summary'];
  const client = await clientFor(tx, p, summary, body.client);
  await keepSenderSystems(tx, p.facilityId!, summary.patient.identifiers);
  // The form as the sender answered it, completed by the laboratory; a programme's identifier field (the ART
  // number) is taken from the patient's identifier of that type when the answers lack it.
  const form: Record<string, unknown> = { ...summary.form, ...body.form };
  for (const [field, typeName] of Object.entries(rulesOf(programName).identifierFields ?? {})) {
    const known = summary.patient.identifiers.find((i) => i.type === typeName);
    if ((form[field] === undefined || form[field] === '') && known) form[field] = known.value;
  }
  const placed = await createOrder(tx, p, familyOf(programName).form, {
    client: client.id,
    program: programName,
    form,
    test_types: summary.tests.map((t) => t.id),
    priority: summary.priority === 'urgent' ? 'urgent' : 'routine',
    requesting_clinician: summary.requesting_clinician,
    clinical_notes: `Electronic request ${row.identifierValue}${row.requester ? ` from ${row.requester}` : ''}`.slice(0, 2000),
  });
  await recordSpecimen(tx, p, programName, placed, summary.specimen, row.identifierValue);
  const now = new Date();
  await tx
    .update(electronicRequests)
    .set({ status: 'accepted', clientId: client.id, orderId: placed.order.id, decidedAt: now, decidedBy: p.id, updatedAt: now })
    .where(eq(electronicRequests.id, id));
  await recordAudit(tx, p, {
    action: 'electronic_request.accepted',
    entity: 'electronic_request',
    entityId: String(id),
    before: { status: 'requested' },
    after: { status: 'accepted', order: placed.order.id, lab_number: placed.order.labNumber, client: client.id, client_created: client.created },
  });
  return reread(tx, id);
}

export async function rejectElectronicRequest(tx: Tx, p: Principal, id: number, reason: string): Promise<ElectronicRequestItem> {
  await lockRequest(tx, p, id);
  const now = new Date();
  await tx.update(electronicRequests).set({ status: 'rejected', reason, decidedAt: now, decidedBy: p.id, updatedAt: now }).where(eq(electronicRequests.id, id));
  await recordAudit(tx, p, {
    action: 'electronic_request.rejected',
    entity: 'electronic_request',
    entityId: String(id),
    reason,
    before: { status: 'requested' },
    after: { status: 'rejected' },
  });
  return reread(tx, id);
}
