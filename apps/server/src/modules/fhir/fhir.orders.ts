import type { ElectronicRequestState, ElectronicRequestSummary } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { App } from '../../core/types.js';
import { z } from 'zod';
import { mayIn } from '../../core/access.js';
import { principalOf } from '../../core/auth.js';
import type { Db, Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/principal.js';
import { fhirReader } from './fhir.access.js';
import { addCapability, addSystemInteraction } from './fhir.capability.js';
import { badParameter, FhirError, fhirNotFound, sendFhir } from './fhir.http.js';
import { parseOrderBundle } from './fhir.orders.bundle.js';
import { electronicRequests } from './fhir.table.js';

/**
 * Orders in over FHIR: `POST /fhir` with a transaction Bundle (fhir.orders.bundle.ts reads it) keeps an electronic
 * request for the laboratory the Task names; the same identifier again at the same laboratory is the same request.
 * `GET /fhir/Task/<id>` and `GET /fhir/Task?…` give the sender its requests' Tasks. The Task's status is computed
 * from the order on every read (never kept twice): requested, rejected and cancelled as kept; once accepted,
 * in-progress when a result is entered and completed when every test's result is approved, its output then naming
 * the DiagnosticReport (one per sample) and the Observations (one per result).
 */

/** The references the Task's output names once completed (the read side's ids). */
export const reportReference = (sampleId: number) => `DiagnosticReport/${sampleId}`;
/** An Observation is one test's current result, under the test's id (as its ServiceRequest). */
export const observationReference = (testOrderId: number) => `Observation/${testOrderId}`;
export const patientReference = (clientId: number) => `Patient/${clientId}`;
export const serviceRequestReference = (testOrderId: number) => `ServiceRequest/${testOrderId}`;

export interface TaskRow {
  id: number;
  facility_id: number;
  program_id: number;
  identifier_system: string;
  identifier_value: string;
  status: ElectronicRequestState;
  task_status: ElectronicRequestState;
  api_client_id: number | null;
  api_client_name: string | null;
  requester: string;
  summary: ElectronicRequestSummary;
  client_id: number | null;
  order_id: number | null;
  lab_number: string | null;
  reason: string;
  received_at: unknown;
  decided_at: unknown;
  decided_by_name: string | null;
  last_updated: unknown;
  program_name: string;
}

/**
 * Electronic requests with their Task status and last change, computed from the order's tests and results in the
 * same statement (a lateral join per request); `where` filters on the computed columns (`x.`).
 */
export async function taskRows(tx: Tx, where: SQL, options: { limit?: number; offset?: number; order?: SQL } = {}): Promise<TaskRow[]> {
  const result = await tx.execute(sql`
    select * from (
      select er.id, er.facility_id, er.program_id, er.identifier_system, er.identifier_value, er.status, er.api_client_id,
        ac.name as api_client_name, er.requester, er.summary, er.client_id, er.order_id, o.lab_number, er.reason,
        er.received_at, er.decided_at, er.api_client_id as sender, p.name as program_name,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as decided_by_name,
        case when er.status in ('accepted', 'in-progress', 'completed') and er.order_id is not null then
          case when t.total > 0 and t.done = t.total then 'completed' when t.started > 0 then 'in-progress' else 'accepted' end
        else er.status end as task_status,
        greatest(er.updated_at, t.last_at) as last_updated
      from electronic_requests er
      join programs p on p.id = er.program_id
      left join api_clients ac on ac.id = er.api_client_id
      left join orders o on o.id = er.order_id
      left join users u on u.id = er.decided_by
      left join lateral (
        select count(*) filter (where tor.status <> 16)::int as total,
          count(*) filter (where tor.status = 7)::int as done,
          count(*) filter (where tor.status in (5, 6, 7) or r.id is not null)::int as started,
          max(greatest(tor.created_at, s.updated_at, r.entered_at, r.verified_at, r.approved_at)) as last_at
        from test_orders tor join samples s on s.id = tor.sample_id
        left join results r on r.test_order_id = tor.id and r.current
        where tor.order_id = er.order_id
      ) t on true
    ) x
    where ${where}
    order by ${options.order ?? sql`x.received_at desc, x.id desc`}
    limit ${options.limit ?? 100} offset ${options.offset ?? 0}`);
  return (result as unknown as { rows: TaskRow[] }).rows;
}

/** The DiagnosticReports (samples) and Observations (current approved results) of an order's completed Task. */
async function outputsOf(tx: Tx, orderIds: number[]): Promise<Map<number, { samples: number[]; results: number[]; tests: number[] }>> {
  const out = new Map<number, { samples: number[]; results: number[]; tests: number[] }>();
  if (!orderIds.length) return out;
  const result = await tx.execute(sql`
    select tor.order_id, tor.sample_id, tor.id as test_order_id, r.id as result_id
    from test_orders tor left join results r on r.test_order_id = tor.id and r.current and r.status = 7
    where tor.order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and tor.status <> 16
    order by tor.sample_id, tor.id`);
  for (const row of (result as unknown as { rows: { order_id: number; sample_id: number; test_order_id: number; result_id: number | null }[] }).rows) {
    const entry = out.get(row.order_id) ?? { samples: [], results: [], tests: [] };
    if (!entry.samples.includes(row.sample_id)) entry.samples.push(row.sample_id);
    entry.tests.push(row.test_order_id);
    if (row.result_id != null) entry.results.push(row.test_order_id);
    out.set(row.order_id, entry);
  }
  return out;
}

interface Reference {
  reference?: string;
  display?: string;
}
interface Concept {
  coding?: { system: string; code: string }[];
  text?: string;
}
/** The FHIR R4 Task as this server writes it (the elements it uses). */
export interface Task {
  resourceType: 'Task';
  id: string;
  meta: { lastUpdated: string };
  identifier: { system?: string; value: string }[];
  status: string;
  statusReason?: Concept;
  businessStatus?: Concept;
  intent: 'order';
  priority: 'routine' | 'urgent';
  code: Concept;
  basedOn?: Reference[];
  for: Reference;
  authoredOn: string;
  lastModified: string;
  requester?: Reference;
  owner: Reference;
  output?: { type: Concept; valueReference: Reference }[];
}
interface Bundle {
  resourceType: 'Bundle';
  type: 'transaction-response' | 'searchset';
  total?: number;
  entry: { fullUrl?: string; resource?: Task; search?: { mode: 'match' }; response?: { status: string; location: string } }[];
}

const RESOURCE_TYPES = 'http://hl7.org/fhir/resource-types';

/** One request as a FHIR Task. */
export function toTask(row: TaskRow, outputs?: { samples: number[]; results: number[]; tests: number[] }): Task {
  const lastUpdated = iso(row.last_updated) ?? iso(row.received_at)!;
  const task: Task = {
    resourceType: 'Task',
    id: String(row.id),
    meta: { lastUpdated },
    identifier: [{ ...(row.identifier_system ? { system: row.identifier_system } : {}), value: row.identifier_value }],
    status: row.task_status,
    intent: 'order',
    priority: row.summary.priority === 'urgent' ? 'urgent' : 'routine',
    code: { text: row.program_name },
    for: row.client_id != null ? { reference: patientReference(row.client_id), display: row.summary.patient.name } : { display: row.summary.patient.name },
    authoredOn: iso(row.received_at)!,
    lastModified: lastUpdated,
    owner: { reference: `Organization/${row.facility_id}` },
    ...(row.requester ? { requester: { display: row.requester } } : {}),
    ...(row.task_status === 'rejected' && row.reason ? { statusReason: { text: row.reason } } : {}),
    ...(row.lab_number ? { businessStatus: { text: `Laboratory number ${row.lab_number}` } } : {}),
  };
  if (outputs?.tests.length) task.basedOn = outputs.tests.map((id) => ({ reference: serviceRequestReference(id) }));
  if (row.task_status === 'completed' && outputs) {
    task.output = [
      ...outputs.samples.map((id) => ({
        type: { coding: [{ system: RESOURCE_TYPES, code: 'DiagnosticReport' }], text: 'DiagnosticReport' },
        valueReference: { reference: reportReference(id) },
      })),
      ...outputs.results.map((id) => ({
        type: { coding: [{ system: RESOURCE_TYPES, code: 'Observation' }], text: 'Observation' },
        valueReference: { reference: observationReference(id) },
      })),
    ];
  }
  return task;
}

/** Tasks for rows, with their outputs (one query for all). */
export async function toTasks(tx: Tx, rows: TaskRow[]): Promise<Task[]> {
  const outputs = await outputsOf(
    tx,
    rows.map((r) => r.order_id).filter((id): id is number => id != null),
  );
  return rows.map((r) => toTask(r, r.order_id != null ? outputs.get(r.order_id) : undefined));
}

/**
 * Who may post orders, and for which laboratory and programmes: a system with `orders.write` to its own facility
 * within its programmes; a person who may register samples (`order`) in the programme at their facility.
 */
async function orderer(tx: Tx, p: Principal) {
  if (p.apiClient) {
    const reader = await fhirReader(tx, p, 'orders.write');
    return { facilityId: reader.facilityId, reaches: (programId: number) => reader.programIds.includes(programId) };
  }
  if (p.isSuperuser || p.facilityId == null || !p.roles.some((r) => mayIn(p, r.program, 'order')))
    throw forbidden('Orders are posted by a laboratory’s staff who register samples, or by its API clients.');
  return { facilityId: p.facilityId, reaches: (programId: number) => p.roles.some((r) => r.programId === programId && mayIn(p, r.program, 'order')) };
}

/** Keep the bundle as an electronic request (or find the one already kept under its identifier). */
export async function receiveOrder(tx: Tx, p: Principal, body: unknown): Promise<{ id: number; created: boolean; entries: number }> {
  const who = await orderer(tx, p);
  const parsed = await parseOrderBundle(tx, body, who.reaches);
  if (parsed.facilityId !== who.facilityId)
    throw new FhirError(403, 'Task.owner names another laboratory: a sender posts orders to its own laboratory only.', 'forbidden', 'Task.owner');
  const [inserted] = await tx
    .insert(electronicRequests)
    .values({
      facilityId: parsed.facilityId,
      programId: parsed.programId,
      identifierSystem: parsed.identifier.system,
      identifierValue: parsed.identifier.value,
      apiClientId: p.apiClient?.id ?? null,
      requester: parsed.requester || (p.apiClient?.name ?? p.username),
      bundle: body as object,
      summary: parsed.summary,
    })
    .onConflictDoNothing()
    .returning({ id: electronicRequests.id });
  let id = inserted?.id;
  if (id == null) {
    const [kept] = await tx
      .execute(sql`select id from electronic_requests where facility_id = ${parsed.facilityId}
      and identifier_system = ${parsed.identifier.system} and identifier_value = ${parsed.identifier.value}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    id = kept!.id;
  }
  await recordAudit(tx, p, {
    action: inserted ? 'electronic_request.received' : 'electronic_request.resent',
    entity: 'electronic_request',
    entityId: String(id),
    after: {
      identifier: parsed.identifier.value,
      program: parsed.programName,
      tests: parsed.summary.tests.map((t) => t.code),
      api_client: p.apiClient?.name ?? null,
    },
  });
  const entries = Array.isArray((body as { entry?: unknown[] }).entry) ? (body as { entry: unknown[] }).entry.length : 0;
  return { id, created: inserted != null, entries };
}

/** The transaction-response: every entry answered with the Task the order became. */
export function transactionResponse(id: number, created: boolean, entries: number): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction-response',
    entry: Array.from({ length: Math.max(1, entries) }, () => ({
      response: { status: created ? '201 Created' : '200 OK', location: `Task/${id}` },
    })),
  };
}

/** The requests a caller may read: a system its own; a person those of the programmes they read at their facility. */
async function taskScope(tx: Tx, p: Principal): Promise<SQL> {
  const reader = await fhirReader(tx, p, p.apiClient?.scopes.includes('orders.write') ? 'orders.write' : 'results.read');
  if (p.apiClient) return sql`x.facility_id = ${reader.facilityId} and x.sender = ${p.apiClient.id}`;
  if (!reader.programIds.length) return sql`false`;
  return sql`x.facility_id = ${reader.facilityId} and x.program_id in (${sql.join(
    reader.programIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const taskSearch = z.object({
  status: z.string().max(200).optional(),
  owner: z.string().max(200).optional(),
  identifier: z.string().max(300).optional(),
  _lastUpdated: z.union([z.string().max(60), z.array(z.string().max(60)).max(2)]).optional(),
  _count: z.string().max(10).optional(),
});

const PREFIXES: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=', eq: '=' };

function lastUpdatedClause(values: string[]): SQL[] {
  return values.map((value) => {
    const m = value.match(/^(gt|ge|lt|le|eq)?(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?)$/);
    const moment = m ? new Date(m[2]!.length === 10 ? `${m[2]}T00:00:00Z` : m[2]!) : null;
    if (!m || !moment || Number.isNaN(moment.getTime()) || moment.getUTCFullYear() < 1900 || moment.getUTCFullYear() > 9999)
      throw badParameter('_lastUpdated', '_lastUpdated is a date or instant with an optional prefix (gt, ge, lt, le, eq), e.g. gt2026-11-20T10:00:00Z.');
    return sql`x.last_updated ${sql.raw(PREFIXES[m[1] ?? 'ge']!)} ${moment.toISOString()}::timestamptz`;
  });
}

/** The Task routes and the transaction, inside the /fhir scope (its error handler answers OperationOutcomes). */
export function fhirOrderRoutes(scope: App, db: Db): void {
  addSystemInteraction({
    code: 'transaction',
    documentation:
      'An order: a transaction Bundle with one Patient (an identifier is required), its ServiceRequests (code: LOINC or the catalogue\u2019s test code), at most one Specimen, an optional QuestionnaireResponse answering the programme\u2019s request form, and one Task (status requested, intent order, identifier, owner: the laboratory). The same Task identifier posted again to the same laboratory answers with the request already kept.',
  });
  addCapability({
    type: 'Task',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    documentation:
      'An order sent by the caller: requested \u2192 accepted | rejected (statusReason) \u2192 in-progress (a result entered) \u2192 completed (every result approved; output names the DiagnosticReport and Observations). Poll with _lastUpdated=gt<instant>; no subscriptions.',
    searchParam: [
      { name: 'status', type: 'token' },
      { name: 'owner', type: 'reference' },
      { name: 'identifier', type: 'token' },
      { name: '_lastUpdated', type: 'date' },
      { name: '_count', type: 'number' },
    ],
  });
  const tags = ['fhir'];
  const resource = z.record(z.string(), z.unknown());
  scope.post(
    '/',
    {
      config: { systems: true },
      schema: {
        tags,
        summary: 'A transaction Bundle: an order (Patient, ServiceRequests, Specimen, Task) for the laboratory the Task owns',
        body: resource,
        response: { 200: resource, 201: resource },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const done = await db.transaction((tx) => receiveOrder(tx, p, request.body));
      return sendFhir(reply, transactionResponse(done.id, done.created, done.entries), done.created ? 201 : 200);
    },
  );
  scope.get(
    '/Task/:id',
    {
      config: { systems: true },
      schema: {
        tags,
        summary: 'One order’s Task: its status and, once completed, the report and results',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: resource },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const id = request.params.id;
      if (!/^[1-9][0-9]{0,8}$/.test(id)) throw fhirNotFound('Task', id);
      const task = await db.transaction(async (tx) => {
        const [row] = await taskRows(tx, sql`${await taskScope(tx, p)} and x.id = ${Number(id)}`);
        if (!row) throw fhirNotFound('Task', id);
        await recordAudit(tx, p, { action: 'fhir.read', entity: 'electronic_request', entityId: id, after: { resource: 'Task' } });
        return (await toTasks(tx, [row]))[0]!;
      });
      return sendFhir(reply, task);
    },
  );
  scope.get(
    '/Task',
    {
      config: { systems: true },
      schema: {
        tags,
        summary: 'The caller’s orders as Tasks, by status, owner, identifier and _lastUpdated (poll with _lastUpdated=gt…)',
        querystring: taskSearch,
        response: { 200: resource },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const q = request.query;
      const clauses: SQL[] = [];
      if (q.status) {
        const states = q.status.split(',').map((s) => s.trim());
        const known = ['requested', 'accepted', 'rejected', 'in-progress', 'completed', 'cancelled'];
        const bad = states.find((s) => !known.includes(s));
        if (bad !== undefined) throw badParameter('status', `Unknown Task status "${bad}"; one of ${known.join(', ')}.`);
        clauses.push(
          sql`x.task_status in (${sql.join(
            states.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        );
      }
      if (q.owner) {
        const m = q.owner.match(/^(?:Organization\/)?([0-9]{1,9})$/);
        if (!m) throw badParameter('owner', 'owner is Organization/<id>.');
        clauses.push(sql`x.facility_id = ${Number(m[1])}`);
      }
      if (q.identifier) {
        const cut = q.identifier.lastIndexOf('|');
        const system = cut >= 0 ? q.identifier.slice(0, cut) : null;
        const value = cut >= 0 ? q.identifier.slice(cut + 1) : q.identifier;
        clauses.push(system != null ? sql`x.identifier_system = ${system} and x.identifier_value = ${value}` : sql`x.identifier_value = ${value}`);
      }
      if (q._lastUpdated) clauses.push(...lastUpdatedClause(Array.isArray(q._lastUpdated) ? q._lastUpdated : [q._lastUpdated]));
      const count = q._count == null ? 50 : Number(q._count);
      if (!Number.isInteger(count) || count < 0 || count > 100) throw badParameter('_count', '_count is a whole number from 0 to 100.');
      const bundle = await db.transaction(async (tx) => {
        const where = sql.join([await taskScope(tx, p), ...clauses], sql` and `);
        const rows = await taskRows(tx, where, { limit: count, order: sql`x.last_updated asc, x.id asc` });
        await recordAudit(tx, p, { action: 'fhir.search', entity: 'electronic_request', after: { resource: 'Task', query: q, count: rows.length } });
        const tasks = await toTasks(tx, rows);
        const found: Bundle = {
          resourceType: 'Bundle',
          type: 'searchset',
          total: tasks.length,
          entry: tasks.map((t) => ({ fullUrl: `Task/${t.id}`, resource: t, search: { mode: 'match' } })),
        };
        return found;
      });
      return sendFhir(reply, bundle);
    },
  );
}
