import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  FILTER_PREFIX,
  type ListQuery,
  MAX_ID,
  PROGRAMME_IDENTIFIER_TYPES,
  type ProgramForm,
  programsOfForm,
  sampleListItem,
  wireValue,
} from '@nlims/contracts';
import { facilityScope, programsWhere, requireIn } from '../../core/access.js';
import type { Db, Tx } from '../../core/db.js';
import { forbidden, notFound, ValidationError } from '../../core/errors.js';
import { numberFilter, type ResourceDef } from '../../core/resource.js';
import { auditEvents } from '../audit/audit.table.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clientIdentifiersOf } from '../clients/clients.resource.js';
import { amongMatches, clientIdsMatching, hiddenIdentifiersFor } from '../clients/clients.service.js';
import { clients } from '../clients/clients.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import { results } from './results.table.js';
import type { Principal } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { formPrograms, programIn } from './forms.js';
import { orders, samples, testOrders } from './samples.table.js';
import { countSamples, readStatusCounts } from './status-counts.js';

/** `Filters.<name>` holding a row id: a whole number within the integer range, else 400 naming the filter. */
function idFilter(name: string, raw: string): number {
  const n = numberFilter(name, raw, { integer: true });
  if (Math.abs(n) > MAX_ID) throw ValidationError.field(`${FILTER_PREFIX}${name}`, `Ensure this value is less than or equal to ${MAX_ID}.`);
  return n;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = "Invalid date format, Accepted format 'YYYY-MM-DD'";

/** `start_date` / `end_date` (inclusive, YYYY-MM-DD) on a timestamp column. */
export function dateRange(column: typeof samples.createdAt, query: Record<string, unknown>): SQL[] {
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
  // A hospital number is no programme's: nothing to hide here.
  const identifiers = await clientIdentifiersOf(tx, [...new Set(rows.map((r) => r.client as number))], []);
  const hospitalNumber = (clientId: unknown) =>
    identifiers.find((i) => i.clientId === clientId && isHospitalNumber(i.identifier_type_name))?.identifier ?? null;
  return rows.map((r) => ({ ...r, hospital_number: hospitalNumber(r.client) }));
}

/**
 * Each sample's tests, in id order, as the list shows them: one correlated
 * sub-query per row inside the page query, so the page costs one round trip
 * to the database instead of three (page, tests, identifiers).
 */
const listTests = sql<unknown[]>`(select coalesce(json_agg(json_build_object(
    'id', t.id, 'test_type', t.test_type_id, 'test_type_name', tt.name, 'status', t.status,
    'due_at', to_char(t.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by t.id), '[]'::json)
  from ${testOrders} t join ${testTypes} tt on tt.id = t.test_type_id
  where t.sample_id = ${samples.id})`.as('tests');

/** The client's hospital number (the first identifier whose type is a hospital number), as withHospitalNumbers picks it, for a page query. */
export const hospitalNumberOf = (clientId: typeof orders.clientId) =>
  sql<string | null>`(select ci.identifier from client_identifiers ci
  join client_identifier_types it on it.id = ci.identifier_type_id
  where ci.client_id = ${clientId} and it.name ~* 'hospital'
  order by ci.identifier_type_id, ci.id limit 1)`.as('hospital_number');

/** A provisional number typed in full (`%K7Q2-0001%` as the list's search term): matched exactly, by its unique index. */
const provisionalTerm = (term: string): string => term.replace(/^%|%$/g, '').trim().toUpperCase();

/**
 * Ids of the samples found by a search: barcode (which starts with the
 * laboratory number, so a lab number finds every sample of its order), or a
 * client found by name, phone or identifier, or a provisional number printed offline. Each half is served by its
 * trigram index, so the lists start from the matches, never from every
 * sample of the facility. The sample, workplan and result lists all search
 * this way.
 */
export const sampleIdsMatching = (term: string, p: Principal): SQL =>
  sql`select ${samples.id} from ${samples} where ${ilike(samples.barcode, term)}
      union select ${samples.id} from ${samples} where ${samples.provisionalNumber} = ${provisionalTerm(term)}
      union select ${samples.id} from ${samples} join ${orders} on ${orders.id} = ${samples.orderId} where ${amongMatches(orders.clientId, clientIdsMatching(term, hiddenIdentifiersFor(p)))}`;

const sampleTypeName = sql<string | null>`(select st.name from ${sampleTypes} st where st.id = ${samples.sampleTypeId})`.as('sample_type_name');
const programNameOf = sql<string>`(select pr.name from ${programs} pr where pr.id = ${samples.programId})`.as('program');

/** A sample list's joins: each sample's order and the order's client. */
export const withOrderAndClient = <Q>(q: Q): Q =>
  (q as unknown as { innerJoin: (...a: unknown[]) => { innerJoin: (...a: unknown[]) => unknown } })
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId)) as Q;

/** `program__name` when the request names one programme of the form. */
const programQuery = (query: ListQuery) => (typeof query.program__name === 'string' ? query.program__name : undefined);

/**
 * The client's identifier of the sample's own programme (contracts' PROGRAMME_IDENTIFIER_TYPES: EID's exposed-infant
 * number, viral load's ART number …), for a page query. Whoever reads the sample holds a role in its programme, so
 * may see it (DESIGN §3).
 */
function programmeIdentifierOf(served: readonly string[]): SQL.Aliased<{ type: string; identifier: string } | null> {
  const pairs = Object.entries(PROGRAMME_IDENTIFIER_TYPES).flatMap(([type, owners]) =>
    owners.filter((program) => served.includes(program)).map((program) => sql`(${program}, ${type})`),
  );
  // A form none of whose programmes has an identifier of its own (General) reads none: no sub-query per row.
  if (!pairs.length) return sql<null>`null::json`.as('programme_identifier');
  return sql<{ type: string; identifier: string } | null>`(select json_build_object('type', it.name, 'identifier', ci.identifier)
  from client_identifiers ci join client_identifier_types it on it.id = ci.identifier_type_id
  where ci.client_id = ${orders.clientId}
    and (${sql`(select pr.name from ${programs} pr where pr.id = ${samples.programId})`}, it.name) in (values ${sql.join(pairs, sql`, `)})
  order by ci.identifier_type_id, ci.id limit 1)`.as('programme_identifier');
}

/**
 * The list of a wire form (`general_order/`, `tb_sample/`, …): one row per
 * sample of the programmes the form serves and the caller may read, in the
 * caller's facility.
 */
export function sampleResource(form: ProgramForm): ResourceDef {
  return {
    path: form,
    entity: 'sample',
    table: samples,
    id: samples.id,
    fields: {
      id: samples.id,
      order: samples.orderId,
      lab_number: orders.labNumber,
      barcode: samples.barcode,
      provisional_number: samples.provisionalNumber,
      seq: samples.seq,
      program: programNameOf,
      status: samples.status,
      priority: orders.priority,
      client: orders.clientId,
      client_name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`.as('client_name'),
      sex: clients.sex,
      date_of_birth: clients.dateOfBirth,
      sample_type: samples.sampleTypeId,
      sample_type_name: sampleTypeName,
      created_at: samples.createdAt,
      collected_at: samples.collectedAt,
      received_at: samples.receivedAt,
      completed: samples.completed,
      completed_at: samples.completedAt,
      hospital_number: hospitalNumberOf(orders.clientId),
      programme_identifier: programmeIdentifierOf(programsOfForm(form)),
      tests: listTests,
    },
    join: withOrderAndClient,
    item: sampleListItem,
    searchWhere: (term, p) => amongMatches(samples.id, sampleIdsMatching(term, p)),
    extraWhere: (query, p) => [programIn(samples.programId, formPrograms(p, form, 'read', programQuery(query))), ...dateRange(samples.createdAt, query)],
    filters: { status: samples.status, completed: samples.completed, order: samples.orderId },
    // The order's columns through a subquery, so the count (countWithoutJoin) needs no join either.
    filterWhere: {
      // A label scanned at reception: the lab number, or the provisional number printed by a device offline.
      barcode: (raw) => or(eq(samples.barcode, raw), eq(samples.provisionalNumber, raw.trim().toUpperCase()))!,
      client: (raw) => sql`${samples.orderId} in (select ${orders.id} from ${orders} where ${orders.clientId} = ${idFilter('client', raw)})`,
      priority: (raw) => sql`${samples.orderId} in (select ${orders.id} from ${orders} where ${orders.priority} = ${raw})`,
    },
    ordering: {
      created_at: samples.createdAt,
      lab_number: samples.barcode,
      barcode: samples.barcode,
      status: samples.status,
      collected_at: samples.collectedAt,
    },
    defaultOrdering: '-created_at',
    // Without a search, date range or other filter, the count comes from the running status counts, not from counting rows.
    fastCount: async (db, p, query) => {
      const facility = facilityScope(p);
      const filters = Object.keys(query).filter((k) => k.startsWith(FILTER_PREFIX) && query[k] !== '');
      if (facility == null || query.search || query.start_date || query.end_date || filters.some((k) => k !== `${FILTER_PREFIX}status`)) return null;
      const status = query[`${FILTER_PREFIX}status`];
      if (status !== undefined && !/^\d+$/.test(String(status))) return null;
      return countSamples(db as Db, facility, formPrograms(p, form, 'read', programQuery(query)), status === undefined ? undefined : [Number(status)]);
    },
    access: { read: (p) => formPrograms(p, form, 'read').length > 0 },
    scope: { column: samples.facilityId, valueKey: 'facilityId', of: facilityScope },
    customDetail: true,
    countWithoutJoin: true,
    tags: ['samples'],
  };
}

/** A joined user's name as the pages show it (first and last name, else the username); null when none is joined. */
const personName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string | null>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;

const enteredBy = alias(users, 'entered_by');
const verifiedBy = alias(users, 'verified_by');
const approvedBy = alias(users, 'approved_by');

/** The current result of each test order, with who entered, verified and approved it. */
export async function currentResults(tx: Tx, testOrderIds: number[]) {
  if (!testOrderIds.length) return [];
  const rows = await tx
    .select({
      r: results,
      entered: enteredBy.username,
      verified: verifiedBy.username,
      approved: approvedBy.username,
      enteredName: personName(enteredBy),
      verifiedName: personName(verifiedBy),
      approvedName: personName(approvedBy),
    })
    .from(results)
    .leftJoin(enteredBy, eq(enteredBy.id, results.enteredBy))
    .leftJoin(verifiedBy, eq(verifiedBy.id, results.verifiedBy))
    .leftJoin(approvedBy, eq(approvedBy.id, results.approvedBy))
    .where(and(inArray(results.testOrderId, testOrderIds), eq(results.current, true)));
  return rows.map(({ r, entered, verified, approved, enteredName, verifiedName, approvedName }) => ({
    testOrderId: r.testOrderId,
    id: r.id,
    version: r.version,
    status: r.status,
    value: wireValue(r.valueNumeric, r.valueText),
    unit: r.unit,
    flag: r.flag,
    ref_low: r.refLow,
    ref_high: r.refHigh,
    isolates: r.isolates,
    comment: r.comment,
    method: r.methodId,
    instrument: r.instrumentId,
    entered_by: entered,
    entered_by_name: enteredName,
    entered_at: r.enteredAt,
    verified_by: verified,
    verified_by_name: verifiedName,
    verified_at: r.verifiedAt,
    approved_by: approved,
    approved_by_name: approvedName,
    approved_at: r.approvedAt,
    amendment_reason: r.amendmentReason,
    amends: r.amendsId,
  }));
}

/** The tests of some samples with their configuration and current result, in id order. */
export async function testsOf(db: Tx, sampleIds: number[]) {
  if (!sampleIds.length) return [];
  const tests = await db
    .select({
      id: testOrders.id,
      sample: testOrders.sampleId,
      test_type: testOrders.testTypeId,
      test_type_name: testTypes.name,
      code: testTypes.code,
      status: testOrders.status,
      due_at: testOrders.dueAt,
      result_type: testTypes.result_type,
      unit: testTypes.unit,
      decimals: testTypes.decimals,
      codes: testTypes.codes,
      is_culture: testTypes.is_culture,
      panel: testTypes.panel,
    })
    .from(testOrders)
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(inArray(testOrders.sampleId, sampleIds))
    .orderBy(asc(testOrders.id));
  const current = await currentResults(
    db,
    tests.map((t) => t.id),
  );
  return tests.map((t) => {
    const r = current.find((x) => x.testOrderId === t.id);
    return { ...t, result: r ? (({ testOrderId: _t, ...rest }) => rest)(r) : null };
  });
}

/**
 * `GET {form}/{id}/`: the sample with its order (request form, every sample),
 * client and tests. A sample of another facility, or of a programme the
 * form does not serve, is a 404; of a programme the caller holds no role in,
 * a 403.
 */
export async function getSample(db: Db, p: Principal, form: ProgramForm, id: number) {
  if (!formPrograms(p, form, 'read').length) throw forbidden('Your role may not view samples in these programmes.');
  const scope = facilityScope(p);
  const [row] = await db
    .select({ s: samples, o: orders, c: clients, program: programs.name })
    .from(samples)
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(programs, eq(programs.id, samples.programId))
    .where(and(eq(samples.id, id), ...(scope == null ? [] : [eq(samples.facilityId, scope)])));
  if (!row || !programsOfForm(form).includes(row.program)) throw notFound();
  requireIn(p, row.program, 'read');
  const { s, o, c } = row;
  const siblings = await db
    .select({
      id: samples.id,
      barcode: samples.barcode,
      seq: samples.seq,
      sample_type: samples.sampleTypeId,
      sample_type_name: sampleTypes.name,
      status: samples.status,
      completed: samples.completed,
    })
    .from(samples)
    .leftJoin(sampleTypes, eq(sampleTypes.id, samples.sampleTypeId))
    .where(eq(samples.orderId, o.id))
    .orderBy(asc(samples.seq));
  const identifiers = (await clientIdentifiersOf(db, [c.id], hiddenIdentifiersFor(p))).map(({ clientId: _c, ...rest }) => rest);
  const here = siblings.find((x) => x.id === s.id)!;
  const [followOn] = await db.select({ order: orders.id, lab_number: orders.labNumber }).from(orders).where(eq(orders.followsSampleId, s.id));
  return {
    id: s.id,
    order: o.id,
    facility: o.facilityId,
    lab_number: o.labNumber,
    barcode: s.barcode,
    seq: s.seq,
    program: row.program,
    status: s.status,
    held_from: s.heldFrom,
    priority: o.priority,
    requesting_clinician: o.requestingClinician,
    clinical_notes: o.clinicalNotes,
    form: o.form,
    client: c.id,
    client_name: `${c.firstName} ${c.lastName}`,
    sex: c.sex,
    date_of_birth: c.dateOfBirth,
    client_identifiers: identifiers,
    hospital_number: identifiers.find((i) => isHospitalNumber(i.identifier_type_name))?.identifier ?? null,
    sample_type: s.sampleTypeId,
    sample_type_name: here.sample_type_name,
    container: s.container,
    created_at: s.createdAt,
    collected_at: s.collectedAt,
    received_at: s.receivedAt,
    completed: s.completed,
    completed_at: s.completedAt,
    samples: siblings,
    follow_on_request: followOn ?? null,
    tests: (await testsOf(db, [s.id])).map(({ sample: _s, panel: _p, ...t }) => t),
  };
}

/** The audit trail of one sample (its moves and results) and of its order, oldest first. */
export async function sampleHistory(db: Db, p: Principal, form: ProgramForm, id: number) {
  const sample = await getSample(db, p, form, id); // scope and role
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
    .where(
      or(
        and(eq(auditEvents.entity, 'sample'), eq(auditEvents.entityId, String(id))),
        // Order-level events; before samples had their own rows (migration 0016) an order's events were `general_order`.
        and(inArray(auditEvents.entity, ['order', 'general_order']), eq(auditEvents.entityId, String(sample.order))),
      ),
    )
    .orderBy(asc(auditEvents.id));
}

/** Counts for the sidebar badges and the dashboards (samples by sample status, tests by result status) of those programmes the caller may read. */
export async function statusCounts(db: Db, p: Principal, among: readonly string[]) {
  const names = programsWhere(p, 'read', among);
  if (!names.length) throw forbidden('Your role may not view samples in these programmes.');
  return readStatusCounts(db, p.facilityId ?? -1, names);
}
