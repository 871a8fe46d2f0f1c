import type { Identifier } from '@medplum/fhirtypes';
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
import { badParameter, FhirError, fhirBase, fhirNotFound, operationOutcome, sendFhir } from './fhir.http.js';
import { type ParsedEntry, parseOrderBundle } from './fhir.orders.bundle.js';
import { type PlacerId, placerIdentifier, placerIdsOf, requisitionIdentifier } from './fhir.resources.js';
import { electronicRequestIdentifiers, electronicRequests } from './fhir.table.js';

/**
 * Orders in over FHIR: `POST /fhir` with a transaction Bundle (fhir.orders.bundle.ts reads it) keeps an electronic
 * request for the laboratory the Task names; the same identifier again at the same laboratory is the same request.
 * `GET /fhir/Task/<id>` and `GET /fhir/Task?…` give the sender its requests' Tasks. The Task's status is computed
 * from the order on every read (never kept twice): requested, rejected and cancelled as kept; once accepted,
 * in-progress when a result is entered and completed when every test's result is approved, its output then naming
 * the DiagnosticReport (one per sample) and the Observations (one per result). The placer's identifiers go back on
 * the Task (`groupIdentifier`: the requisition; `basedOn`: each ServiceRequest, with its placer identifier).
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
  /** The placer's identifiers (the requisition, each ServiceRequest's own). */
  placer: PlacerId[] | null;
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
        (select json_agg(json_build_object('kind', ei.kind, 'system', ei.system, 'value', ei.value, 'test', ei.test_type_id) order by ei.id)
           from electronic_request_identifiers ei where ei.request_id = er.id) as placer,
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

/** An order's test (its ServiceRequest), with the catalogue test and panel its placer identifiers are kept under. */
interface OrderedTest {
  id: number;
  type: number;
  panel: number | null;
}
type Outputs = { samples: number[]; results: number[]; tests: OrderedTest[] };

/** The DiagnosticReports (samples) and Observations (current approved results) of an order's completed Task. */
async function outputsOf(tx: Tx, orderIds: number[]): Promise<Map<number, Outputs>> {
  const out = new Map<number, Outputs>();
  if (!orderIds.length) return out;
  const result = await tx.execute(sql`
    select tor.order_id, tor.sample_id, tor.id as test_order_id, tor.test_type_id, tt.panel_id, r.id as result_id
    from test_orders tor join test_types tt on tt.id = tor.test_type_id
    left join results r on r.test_order_id = tor.id and r.current and r.status = 7
    where tor.order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and tor.status <> 16
    order by tor.sample_id, tor.id`);
  type Row = { order_id: number; sample_id: number; test_order_id: number; test_type_id: number; panel_id: number | null; result_id: number | null };
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    const entry = out.get(row.order_id) ?? { samples: [], results: [], tests: [] };
    if (!entry.samples.includes(row.sample_id)) entry.samples.push(row.sample_id);
    entry.tests.push({ id: row.test_order_id, type: row.test_type_id, panel: row.panel_id });
    if (row.result_id != null) entry.results.push(row.test_order_id);
    out.set(row.order_id, entry);
  }
  return out;
}

interface Reference {
  reference?: string;
  type?: string;
  identifier?: Identifier;
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
  /** The placer's requisition: the number of the order at the system that sent it. */
  groupIdentifier?: Identifier;
  basedOn?: Reference[];
  status: string;
  statusReason?: Concept;
  businessStatus?: Concept;
  intent: 'order';
  priority: 'routine' | 'urgent';
  code: Concept;
  for: Reference;
  authoredOn: string;
  lastModified: string;
  requester?: Reference;
  owner: Reference;
  output?: { type: Concept; valueReference: Reference }[];
}
interface EntryResponse {
  status: string;
  location?: string;
  outcome?: ReturnType<typeof operationOutcome>;
}
interface Bundle {
  resourceType: 'Bundle';
  type: 'transaction-response' | 'searchset';
  total?: number;
  link?: { relation: string; url: string }[];
  entry: { fullUrl?: string; resource?: Task; search?: { mode: 'match' }; response?: EntryResponse }[];
}

const RESOURCE_TYPES = 'http://hl7.org/fhir/resource-types';

/** One request as a FHIR Task. */
export function toTask(row: TaskRow, outputs?: Outputs): Task {
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
  const requisition = row.placer?.find((i) => i.kind === 'requisition');
  if (requisition) task.groupIdentifier = requisitionIdentifier(requisition);
  // The ServiceRequests: once accepted, the order's tests (with the placer's identifier of each); before, those the
  // placer identified (by identifier only: they are not yet made).
  if (outputs?.tests.length)
    task.basedOn = outputs.tests.map((t) => {
      const [placer] = placerIdsOf(row.placer, t.type, t.panel);
      return { reference: serviceRequestReference(t.id), ...(placer ? { identifier: placerIdentifier(placer) } : {}) };
    });
  else {
    const placers = (row.placer ?? []).filter((i) => i.kind === 'placer');
    if (placers.length) task.basedOn = placers.map((i) => ({ type: 'ServiceRequest', identifier: placerIdentifier(i) }));
  }
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

/** A kept request: its id, whether this post made it, and what each entry of the bundle posted became. */
export interface ReceivedOrder {
  id: number;
  created: boolean;
  entries: ParsedEntry[];
}

/** Keep the bundle as an electronic request (or find the one already kept under its identifier). */
export async function receiveOrder(tx: Tx, p: Principal, body: unknown): Promise<ReceivedOrder> {
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
  } else if (parsed.placer.length) {
    await tx
      .insert(electronicRequestIdentifiers)
      .values(
        parsed.placer.map((i) => ({ requestId: id!, facilityId: parsed.facilityId, kind: i.kind, testTypeId: i.testTypeId, system: i.system, value: i.value })),
      );
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
  return { id, created: inserted != null, entries: parsed.entries };
}

/**
 * The transaction-response, one entry per entry posted, in their order, each naming what it became. The Task is
 * made at once (201, or 200 when the same order is posted again). The Patient, ServiceRequests, Specimen and
 * QuestionnaireResponse become the laboratory's only when a person there accepts the request: until then each is
 * answered `202 Accepted` with an OperationOutcome saying so (no location: none exists yet); once accepted, the same
 * bundle posted again answers each with its own location (`Patient/<id>`, `ServiceRequest/<id>`…). A bundled
 * Organization naming the laboratory is answered with it; a resource of another type is kept with the request only.
 */
export async function transactionResponse(tx: Tx, received: ReceivedOrder): Promise<Bundle> {
  const { id, created, entries } = received;
  const task = `Task/${id}`;
  const [row] = await taskRows(tx, sql`x.id = ${id}`);
  const orderId = row?.order_id ?? null;
  type Test = { id: number; test_type_id: number; panel_id: number | null; sample_id: number; sample_type_id: number | null };
  const tests = orderId
    ? (
        (await tx.execute(sql`select t.id, t.test_type_id, tt.panel_id, t.sample_id, s.sample_type_id from test_orders t
          join test_types tt on tt.id = t.test_type_id join samples s on s.id = t.sample_id where t.order_id = ${orderId} order by t.id`)) as unknown as {
          rows: Test[];
        }
      ).rows
    : [];
  const held = (diagnostics: string): EntryResponse => ({
    status: '202 Accepted',
    outcome: operationOutcome('informational', diagnostics, undefined, 'information'),
  });
  const found = (location: string): EntryResponse => ({ status: '200 OK', location });
  const WHEN_ACCEPTED = `until the laboratory accepts the request; follow ${task}`;
  const closed = row && (row.task_status === 'rejected' || row.task_status === 'cancelled') ? row.task_status : null;
  const answer = (entry: ParsedEntry, index: number): EntryResponse => {
    if (closed && entry.resourceType !== 'Task')
      return {
        status: '200 OK',
        outcome: operationOutcome(
          'informational',
          `Bundle.entry[${index}]: the request was ${closed} (${task}); nothing was made of it.`,
          undefined,
          'information',
        ),
      };
    switch (entry.resourceType) {
      case 'Task':
        return { status: created ? '201 Created' : '200 OK', location: task };
      case 'Organization':
        return entry.owner && row
          ? found(`Organization/${row.facility_id}`)
          : held(`Bundle.entry[${index}]: this server keeps no Organization; it is kept with the request as received (${task}).`);
      case 'Patient':
        return row?.client_id != null
          ? found(patientReference(row.client_id))
          : held(`Bundle.entry[${index}]: the patient is matched by identifier (or registered) ${WHEN_ACCEPTED} (Task.for then names the Patient).`);
      case 'ServiceRequest': {
        if (entry.sameAs !== undefined)
          return {
            status: '200 OK',
            outcome: operationOutcome(
              'informational',
              `Bundle.entry[${index}] asks the same test as Bundle.entry[${entry.sameAs}]: one ServiceRequest.`,
              undefined,
              'information',
            ),
          };
        if (!orderId) return held(`Bundle.entry[${index}]: the test is ordered ${WHEN_ACCEPTED} (Task.basedOn then names the ServiceRequest).`);
        const own = tests.filter((t) => t.test_type_id === entry.testId);
        if (own.length === 1) return found(serviceRequestReference(own[0]!.id));
        const members = tests.filter((t) => t.panel_id === entry.testId);
        return {
          status: '200 OK',
          outcome: operationOutcome(
            'informational',
            members.length
              ? `Bundle.entry[${index}] was ordered as the panel's tests: ${members.map((t) => serviceRequestReference(t.id)).join(', ')}.`
              : `Bundle.entry[${index}]: the test is no longer on the order (${task}).`,
            undefined,
            'information',
          ),
        };
      }
      case 'Specimen': {
        if (!orderId)
          return held(
            `Bundle.entry[${index}]: the sample is registered, of this type and collected at this time, ${WHEN_ACCEPTED} (its ServiceRequests then name the Specimen).`,
          );
        const type = row?.summary.specimen?.sample_type ?? null;
        const samples = [...new Set(tests.map((t) => t.sample_id))];
        const sample = (type != null ? tests.find((t) => t.sample_type_id === type)?.sample_id : undefined) ?? (samples.length === 1 ? samples[0] : undefined);
        return sample != null
          ? found(`Specimen/${sample}`)
          : {
              status: '200 OK',
              outcome: operationOutcome(
                'informational',
                `Bundle.entry[${index}]: the order has ${samples.length} samples, each labelled at reception (${task}).`,
                undefined,
                'information',
              ),
            };
      }
      case 'QuestionnaireResponse':
        return orderId
          ? found(`QuestionnaireResponse/${orderId}`)
          : held(`Bundle.entry[${index}]: the request form's answers become the order's QuestionnaireResponse ${WHEN_ACCEPTED}.`);
      default:
        return held(`Bundle.entry[${index}]: this server keeps no ${entry.resourceType}; it is kept with the request as received (${task}).`);
    }
  };
  return { resourceType: 'Bundle', type: 'transaction-response', entry: entries.map((e, i) => ({ response: answer(e, i) })) };
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
      'An order: a transaction Bundle with one Patient (an identifier is required; its system is kept beside this server\u2019s), its ServiceRequests (code: LOINC or the catalogue\u2019s test code; requisition and identifier kept as the placer\u2019s), at most one Specimen (type: the catalogue\u2019s sample-type code, SNOMED CT or its name; collection.collectedDateTime, not in the future: the sample is registered collected then), an optional QuestionnaireResponse answering the programme\u2019s request form, and one Task (status requested, intent order, identifier, owner: the laboratory). The reply answers each entry in order: the Task 201 with its location; the others 202 until the laboratory accepts the request, then (the same bundle posted again) 200 with their own locations. The same Task identifier posted again to the same laboratory answers with the request already kept.',
  });
  addCapability({
    type: 'Task',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    documentation:
      'An order sent by the caller: requested \u2192 accepted | rejected (statusReason) \u2192 in-progress (a result entered) \u2192 completed (every result approved; output names the DiagnosticReport and Observations). groupIdentifier is the placer\u2019s requisition; basedOn names each ServiceRequest with its placer identifier. Poll with _lastUpdated=gt<instant> or identifier=<the placer\u2019s number>; no subscriptions.',
    searchParam: [
      { name: 'status', type: 'token' },
      { name: 'owner', type: 'reference' },
      {
        name: 'identifier',
        type: 'token',
        documentation: 'The Task\u2019s identifier, or the placer\u2019s: a ServiceRequest\u2019s requisition or own identifier (system|value or value).',
      },
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
      const done = await db.transaction(async (tx) => {
        const received = await receiveOrder(tx, p, request.body);
        return { created: received.created, bundle: await transactionResponse(tx, received) };
      });
      return sendFhir(reply, done.bundle, done.created ? 201 : 200);
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
        // The Task's identifier, or one of the placer's: the requisition or a ServiceRequest's own.
        const cut = q.identifier.lastIndexOf('|');
        const system = cut >= 0 ? q.identifier.slice(0, cut) : null;
        const value = cut >= 0 ? q.identifier.slice(cut + 1) : q.identifier;
        const placer = sql`exists (select 1 from electronic_request_identifiers ei where ei.request_id = x.id and ei.value = ${value}${
          system != null ? sql` and ei.system = ${system}` : sql``
        })`;
        clauses.push(
          system != null
            ? sql`((x.identifier_system = ${system} and x.identifier_value = ${value}) or ${placer})`
            : sql`(x.identifier_value = ${value} or ${placer})`,
        );
      }
      if (q._lastUpdated) clauses.push(...lastUpdatedClause(Array.isArray(q._lastUpdated) ? q._lastUpdated : [q._lastUpdated]));
      const count = q._count == null ? 50 : Number(q._count);
      if (!Number.isInteger(count) || count < 0 || count > 100) throw badParameter('_count', '_count is a whole number from 0 to 100.');
      const bundle = await db.transaction(async (tx) => {
        const where = sql.join([await taskScope(tx, p), ...clauses], sql` and `);
        const rows = await taskRows(tx, where, { limit: count, order: sql`x.last_updated asc, x.id asc` });
        await recordAudit(tx, p, { action: 'fhir.search', entity: 'electronic_request', after: { resource: 'Task', query: q, count: rows.length } });
        const tasks = await toTasks(tx, rows);
        const base = fhirBase(request);
        const found: Bundle = {
          resourceType: 'Bundle',
          type: 'searchset',
          total: tasks.length,
          entry: tasks.map((t) => ({ fullUrl: `${base}/Task/${t.id}`, resource: t, search: { mode: 'match' } })),
        };
        return found;
      });
      return sendFhir(reply, bundle);
    },
  );
}
