import { sql } from 'drizzle-orm';
import { mayIn } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { fhirReader } from './fhir.access.js';
import { FhirError, operationOutcome } from './fhir.http.js';
import { type ParsedEntry, parseOrderBundle } from './fhir.orders.bundle.js';
import { electronicRequestIdentifiers, electronicRequests } from './fhir.table.js';
import { patientReference, serviceRequestReference, type Task, taskRows } from './fhir.tasks.js';

/**
 * Orders in over FHIR: `POST /fhir` with a transaction Bundle (fhir.orders.bundle.ts reads it) keeps an electronic
 * request for the laboratory the Task names; the same identifier again at the same laboratory is the same request.
 * `GET /fhir/Task/<id>` and `GET /fhir/Task?…` give the sender its requests' Tasks. The Task's status is computed
 * from the order on every read (never kept twice): requested, rejected and cancelled as kept; once accepted,
 * in-progress when a result is entered and completed when every test's result is approved, its output then naming
 * the DiagnosticReport (one per sample) and the Observations (one per result). The placer's identifiers go back on
 * the Task (`groupIdentifier`: the requisition; `basedOn`: each ServiceRequest, with its placer identifier).
 */

interface EntryResponse {
  status: string;
  location?: string;
  outcome?: ReturnType<typeof operationOutcome>;
}
export interface Bundle {
  resourceType: 'Bundle';
  type: 'transaction-response' | 'searchset';
  total?: number;
  link?: { relation: string; url: string }[];
  entry: { fullUrl?: string; resource?: Task; search?: { mode: 'match' }; response?: EntryResponse }[];
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
