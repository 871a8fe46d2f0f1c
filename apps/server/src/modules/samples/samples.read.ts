import { and, asc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FILTER_PREFIX, generalOrderListItem, type ListQuery } from '@nlims/contracts';
import { facilityScope, mayGeneral, requireGeneral } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import type { ResourceDef } from '../../core/resource.js';
import { auditEvents } from '../audit/audit.table.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clientIdentifiersOf } from '../clients/clients.resource.js';
import { amongMatches, clientIdsMatching } from '../clients/client-search.js';
import { clients } from '../clients/clients.table.js';
import { results } from '../results/results.table.js';
import type { Principal } from '../users/principal.js';
import { users } from '../users/users.table.js';
import { generalOrders, testOrders } from './samples.table.js';
import { countSamples, readStatusCounts } from './status-counts.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = "Invalid date format, Accepted format 'YYYY-MM-DD'";

/** `start_date` / `end_date` (inclusive, YYYY-MM-DD) on a timestamp column. */
export function dateRange(column: typeof generalOrders.createdAt, query: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  for (const key of ['start_date', 'end_date'] as const) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) throw ValidationError.field(key, DATE_MESSAGE);
    const day = new Date(`${value}T00:00:00+01:00`); // Africa/Lagos
    out.push(key === 'start_date' ? gte(column, day) : lt(column, new Date(day.getTime() + 86_400_000)));
  }
  return out;
}

const isHospitalNumber = (typeName: string) => /hospital/i.test(typeName);

/** The client's hospital number (null when none) on each row that carries a `client`, in one query. */
export async function withHospitalNumbers<R extends Record<string, unknown>>(tx: Tx, rows: R[]): Promise<(R & { hospital_number: string | null })[]> {
  if (!rows.length) return [];
  const identifiers = await clientIdentifiersOf(tx, [...new Set(rows.map((r) => r.client as number))]);
  const hospitalNumber = (clientId: unknown) =>
    identifiers.find((i) => i.clientId === clientId && isHospitalNumber(i.identifier_type_name))?.identifier ?? null;
  return rows.map((r) => ({ ...r, hospital_number: hospitalNumber(r.client) }));
}

/**
 * Each order's tests, in id order, as the list shows them: one correlated
 * sub-query per row inside the page query, so the page costs one round trip
 * to the database instead of three (page, tests, identifiers).
 */
const listTests = sql<unknown[]>`(select coalesce(json_agg(json_build_object(
    'id', t.id, 'test_type', t.test_type_id, 'test_type_name', tt.name, 'status', t.status,
    'due_at', to_char(t.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by t.id), '[]'::json)
  from ${testOrders} t join ${testTypes} tt on tt.id = t.test_type_id
  where t.order_id = ${generalOrders.id})`.as('tests');

/** The client's hospital number (the first identifier whose type is a hospital number), as withHospitalNumbers picks it. */
const listHospitalNumber = sql<string | null>`(select ci.identifier from client_identifiers ci
  join client_identifier_types it on it.id = ci.identifier_type_id
  where ci.client_id = ${generalOrders.clientId} and it.name ~* 'hospital'
  order by ci.identifier_type_id, ci.id limit 1)`.as('hospital_number');

/**
 * Ids of the samples found by a search: laboratory number, or a client found
 * by name, phone or identifier. Each half is served by its trigram index, so
 * the lists start from the matches, never from every sample of the facility.
 * The sample, workplan and result lists all search this way.
 */
export const orderIdsMatching = (term: string): SQL =>
  sql`select ${generalOrders.id} from ${generalOrders} where ${ilike(generalOrders.labNumber, term)}
      union select ${generalOrders.id} from ${generalOrders} where ${inArray(generalOrders.clientId, clientIdsMatching(term))}`;

export const generalOrderResource: ResourceDef = {
  path: 'general_order',
  entity: 'general_order',
  table: generalOrders,
  id: generalOrders.id,
  fields: {
    id: generalOrders.id,
    lab_number: generalOrders.labNumber,
    status: generalOrders.status,
    priority: generalOrders.priority,
    client: generalOrders.clientId,
    client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
    sex: clients.sex,
    date_of_birth: clients.dateOfBirth,
    sample_type: generalOrders.sampleTypeId,
    created_at: generalOrders.createdAt,
    collected_at: generalOrders.collectedAt,
    received_at: generalOrders.receivedAt,
    completed: generalOrders.completed,
    completed_at: generalOrders.completedAt,
    hospital_number: listHospitalNumber,
    tests: listTests,
  },
  join: (q) => (q as unknown as { innerJoin: (...a: unknown[]) => unknown }).innerJoin(clients, eq(clients.id, generalOrders.clientId)) as typeof q,
  item: generalOrderListItem,
  searchWhere: (term) => amongMatches(generalOrders.id, orderIdsMatching(term)),
  extraWhere: (query: ListQuery) => dateRange(generalOrders.createdAt, query),
  filters: { status: generalOrders.status, priority: generalOrders.priority, client: generalOrders.clientId, completed: generalOrders.completed },
  ordering: { created_at: generalOrders.createdAt, lab_number: generalOrders.labNumber, status: generalOrders.status, collected_at: generalOrders.collectedAt },
  defaultOrdering: '-created_at',
  // Without a search or date range, the count comes from the running status counts, not from counting rows.
  fastCount: async (db, p, query) => {
    const facility = facilityScope(p);
    const filters = Object.keys(query).filter((k) => k.startsWith(FILTER_PREFIX) && query[k] !== '');
    if (facility == null || query.search || query.start_date || query.end_date || filters.some((k) => k !== `${FILTER_PREFIX}status`)) return null;
    const status = query[`${FILTER_PREFIX}status`];
    if (status !== undefined && !/^\d+$/.test(String(status))) return null;
    return countSamples(db as Db, facility, status === undefined ? undefined : [Number(status)]);
  },
  access: { read: (p) => mayGeneral(p, 'read') },
  scope: { column: generalOrders.facilityId, valueKey: 'facilityId', of: facilityScope },
  customDetail: true,
  countWithoutJoin: true,
  tags: ['samples'],
};

const enteredBy = alias(users, 'entered_by');
const verifiedBy = alias(users, 'verified_by');
const approvedBy = alias(users, 'approved_by');

/** The current result of each test order, with who entered, verified and approved it. */
export async function currentResults(tx: Tx, testOrderIds: number[]) {
  if (!testOrderIds.length) return [];
  const rows = await tx
    .select({ r: results, entered: enteredBy.username, verified: verifiedBy.username, approved: approvedBy.username })
    .from(results)
    .leftJoin(enteredBy, eq(enteredBy.id, results.enteredBy))
    .leftJoin(verifiedBy, eq(verifiedBy.id, results.verifiedBy))
    .leftJoin(approvedBy, eq(approvedBy.id, results.approvedBy))
    .where(and(inArray(results.testOrderId, testOrderIds), eq(results.current, true)));
  return rows.map(({ r, entered, verified, approved }) => ({
    testOrderId: r.testOrderId,
    id: r.id,
    version: r.version,
    status: r.status,
    value: r.valueNumeric ?? r.valueText,
    unit: r.unit,
    flag: r.flag,
    ref_low: r.refLow,
    ref_high: r.refHigh,
    isolates: r.isolates,
    comment: r.comment,
    method: r.methodId,
    instrument: r.instrumentId,
    entered_by: entered,
    entered_at: r.enteredAt,
    verified_by: verified,
    verified_at: r.verifiedAt,
    approved_by: approved,
    approved_at: r.approvedAt,
    amendment_reason: r.amendmentReason,
    amends: r.amendsId,
  }));
}

export async function getOrder(db: Db, p: Principal, id: number) {
  requireGeneral(p, 'read');
  const scope = facilityScope(p);
  const q = db.select({ o: generalOrders, c: clients }).from(generalOrders).innerJoin(clients, eq(clients.id, generalOrders.clientId));
  const [row] = await q.where(and(eq(generalOrders.id, id), ...(scope == null ? [] : [eq(generalOrders.facilityId, scope)])));
  if (!row) throw notFound();
  const { o, c } = row;
  const tests = await db
    .select({
      id: testOrders.id,
      test_type: testOrders.testTypeId,
      test_type_name: testTypes.name,
      status: testOrders.status,
      due_at: testOrders.dueAt,
      result_type: testTypes.result_type,
      unit: testTypes.unit,
      codes: testTypes.codes,
      is_culture: testTypes.is_culture,
    })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(eq(testOrders.orderId, id))
    .orderBy(asc(testOrders.id));
  const current = await currentResults(
    db,
    tests.map((t) => t.id),
  );
  const identifiers = (await clientIdentifiersOf(db, [c.id])).map(({ clientId: _c, ...rest }) => rest);
  return {
    id: o.id,
    facility: o.facilityId,
    lab_number: o.labNumber,
    status: o.status,
    held_from: o.heldFrom,
    priority: o.priority,
    requesting_clinician: o.requestingClinician,
    clinical_notes: o.clinicalNotes,
    client: c.id,
    client_name: `${c.firstName} ${c.lastName}`,
    sex: c.sex,
    date_of_birth: c.dateOfBirth,
    client_identifiers: identifiers,
    hospital_number: identifiers.find((i) => isHospitalNumber(i.identifier_type_name))?.identifier ?? null,
    sample_type: o.sampleTypeId,
    created_at: o.createdAt,
    collected_at: o.collectedAt,
    received_at: o.receivedAt,
    completed: o.completed,
    completed_at: o.completedAt,
    tests: tests.map((t) => {
      const r = current.find((x) => x.testOrderId === t.id);
      return { ...t, result: r ? (({ testOrderId: _t, ...rest }) => rest)(r) : null };
    }),
  };
}

/** The audit trail of one sample and its results, oldest first. */
export async function orderHistory(db: Db, p: Principal, id: number) {
  await getOrder(db, p, id); // scope and role
  return db
    .select({
      at: auditEvents.at,
      user: auditEvents.username,
      action: auditEvents.action,
      from_status: auditEvents.fromStatus,
      to_status: auditEvents.toStatus,
      reason: auditEvents.reason,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'general_order'), eq(auditEvents.entityId, String(id))))
    .orderBy(asc(auditEvents.id));
}

/** Counts for the sidebar badges and the dashboard (samples by sample status, tests by result status). */
export async function statusCounts(db: Db, p: Principal) {
  requireGeneral(p, 'read');
  return readStatusCounts(db, p.facilityId ?? -1);
}
