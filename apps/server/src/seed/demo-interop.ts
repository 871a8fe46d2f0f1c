import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { apiClients } from '../modules/api-clients/api-clients.table.js';
import { digest, newCredential } from '../modules/api-clients/api-clients.service.js';
import { receiveOrder } from '../modules/fhir/fhir.orders.js';
import { programs } from '../modules/programs/programs.table.js';
import type { Principal } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.table.js';

/**
 * Yaba's EMR: one API client (the ART clinic's NMRS, posting viral-load orders and reading results; its secret is
 * random and printed nowhere — a demo needs none) and two of its viral-load requests waiting on the sample-management
 * page. The requests go through the orders service, as if posted to `/fhir`.
 */
export const DEMO_EMR_NAME = 'NMRS — ART clinic';

/** A viral-load request as an EMR sends it (also what the browser test posts). */
export function demoVlBundle(
  facilityId: number,
  taskId: string,
  patient: { given: string; family: string; gender: 'male' | 'female'; birthDate: string; art: string },
) {
  const id = (n: number) => `urn:uuid:7d1c4f9e-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: id(1),
        resource: {
          resourceType: 'Patient',
          identifier: [{ type: { text: 'ART number' }, value: patient.art }],
          name: [{ family: patient.family, given: [patient.given] }],
          gender: patient.gender,
          birthDate: patient.birthDate,
        },
        request: { method: 'POST', url: 'Patient' },
      },
      {
        fullUrl: id(2),
        resource: {
          resourceType: 'ServiceRequest',
          status: 'active',
          intent: 'order',
          code: { coding: [{ system: 'http://loinc.org', code: '20447-9', display: 'HIV 1 RNA [#/volume] (viral load)' }] },
          subject: { reference: id(1) },
          requester: { display: 'Dr Funmi Adeyemi' },
        },
        request: { method: 'POST', url: 'ServiceRequest' },
      },
      {
        fullUrl: id(3),
        resource: { resourceType: 'Specimen', type: { text: 'Plasma' }, subject: { reference: id(1) } },
        request: { method: 'POST', url: 'Specimen' },
      },
      {
        fullUrl: id(4),
        resource: {
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          item: [
            { linkId: 'art_start_date', answer: [{ valueDate: '2021-02-15' }] },
            { linkId: 'regimen', answer: [{ valueCoding: { code: 'TDF_3TC_DTG' } }] },
            { linkId: 'regimen_line', answer: [{ valueCoding: { code: 'first' } }] },
            { linkId: 'reason', answer: [{ valueCoding: { code: 'routine' } }] },
          ],
        },
        request: { method: 'POST', url: 'QuestionnaireResponse' },
      },
      {
        fullUrl: id(5),
        resource: {
          resourceType: 'Task',
          identifier: [{ system: 'https://nmrs.example/yaba/task', value: taskId }],
          status: 'requested',
          intent: 'order',
          focus: { reference: id(2) },
          for: { reference: id(1) },
          requester: { display: 'Yaba ART clinic' },
          owner: { reference: `Organization/${facilityId}` },
        },
        request: { method: 'POST', url: 'Task' },
      },
    ],
  };
}

export async function seedInteropDemo(tx: Tx, ids: { yaba: number }): Promise<void> {
  const [kept] = await tx
    .select({ id: apiClients.id })
    .from(apiClients)
    .where(and(eq(apiClients.facilityId, ids.yaba), eq(apiClients.name, DEMO_EMR_NAME)));
  if (kept) return;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'ph_admin'));
  const [vl] = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(inArray(programs.name, ['Viral Load']));
  const credential = newCredential();
  const [client] = await tx
    .insert(apiClients)
    .values({
      facilityId: ids.yaba,
      name: DEMO_EMR_NAME,
      clientId: credential.clientId,
      // A secret nobody holds: the demo's client is there to be seen, rotated or revoked.
      secretHash: digest(`${credential.secret}${randomBytes(16).toString('hex')}`),
      scopes: ['orders.write', 'results.read'],
      programs: [vl!.id],
      createdBy: admin!.id,
    })
    .returning();
  const system: Principal = {
    id: admin!.id,
    username: `api:${client!.name}`,
    isSuperuser: false,
    isActive: true,
    facilityId: ids.yaba,
    facilityType: null,
    userLocation: null,
    stateId: null,
    lgaId: null,
    roles: [],
    sessionId: null,
    apiClient: { id: client!.id, name: client!.name, scopes: ['orders.write', 'results.read'], programIds: [vl!.id] },
  };
  const waiting = [
    { task: 'NMRS-YB-0001', given: 'Chiamaka', family: 'Eze', gender: 'female' as const, birthDate: '1990-07-21', art: 'ART/YB/EMR/0001' },
    { task: 'NMRS-YB-0002', given: 'Tunde', family: 'Bakare', gender: 'male' as const, birthDate: '1982-01-09', art: 'ART/YB/EMR/0002' },
  ];
  for (const w of waiting)
    await receiveOrder(tx, system, demoVlBundle(ids.yaba, w.task, { given: w.given, family: w.family, gender: w.gender, birthDate: w.birthDate, art: w.art }));
}
