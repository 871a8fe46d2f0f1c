import { type SQL, sql } from 'drizzle-orm';
import type { App } from '../../core/types.js';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db, Tx } from '../../core/db.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { fhirReader } from './fhir.access.js';
import { addCapability, addSystemInteraction } from './fhir.capability.js';
import { badParameter, fhirBase, fhirNotFound, sendFhir } from './fhir.http.js';
import { taskRows, toTasks } from './fhir.tasks.js';
import { type Bundle, receiveOrder, transactionResponse } from './fhir.orders.js';

/** The FHIR door's order routes: the transaction (`POST /fhir`) and the sender's Tasks (`GET /fhir/Task`), read and searched. */

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
