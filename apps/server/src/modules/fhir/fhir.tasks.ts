import type { Identifier } from '@medplum/fhirtypes';
import type { ElectronicRequestState, ElectronicRequestSummary } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { iso } from '../../core/sql-values.js';
import { type PlacerId, placerIdentifier, placerIdsOf, requisitionIdentifier } from './fhir.resources.js';

/** An electronic request as a FHIR Task: its row (status and last change computed from the order), its outputs once completed, and the resource. */

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
