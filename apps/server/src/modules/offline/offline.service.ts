import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type ClientBody,
  FAMILIES,
  type OfflineConflictCode,
  type OfflineDevice,
  type offlineRegistrationBody,
  type OfflineRegistrationReply,
  PREFIX_ALPHABET,
  PREFIX_LENGTH,
  PROGRAMS,
  prefixOf,
  programFamily,
} from '@nlims/contracts';
import type { z } from 'zod';
import { mayIn, mayInAny } from '../../core/access.js';
import type { Tx } from '../../core/db.js';
import { AppError, forbidden, ValidationError } from '../../core/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypeSampleTypes, testTypes } from '../catalogue/catalogue.table.js';
import { programs } from '../programs/programs.table.js';
import { sampleTypes } from '../reference/reference.table.js';
import { clientRecords, clientResource } from '../clients/clients.resource.js';
import { clients } from '../clients/clients.table.js';
import { hiddenIdentifiersFor } from '../clients/clients.service.js';
import { facilityTestServices } from '../facility-settings/facility-settings.table.js';
import { samples } from '../samples/samples.table.js';
import { createOrder, moveSamples } from '../samples/samples.service.js';
import type { Principal } from '../users/users.service.js';
import { offlineDevices } from './offline.table.js';

type Registration = z.output<typeof offlineRegistrationBody>;

/** 409 naming why a record sent from a device was refused (`code`), with what the device needs to show it. */
export class OfflineConflict extends AppError {
  constructor(
    readonly code: OfflineConflictCode,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(409, detail);
  }
  override body() {
    return { detail: this.message, code: this.code, ...this.extra };
  }
}

/** Registering offline is for a facility's staff who both order and collect in at least one programme. */
export function requireOfflineStaff(p: Principal): void {
  if (p.facilityId == null || !mayInAny(p, 'order') || !mayInAny(p, 'collect')) throw forbidden('Your role does not register samples.');
}

const randomPrefix = () => Array.from({ length: PREFIX_LENGTH }, () => PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)]).join('');

/** A new device of the caller's facility with a prefix no other device holds (a clash is drawn again). */
export async function registerDevice(tx: Tx, p: Principal, label: string): Promise<OfflineDevice> {
  requireOfflineStaff(p);
  for (let attempt = 0; attempt < 20; attempt++) {
    const prefix = randomPrefix();
    const [row] = await tx
      .insert(offlineDevices)
      .values({ prefix, facilityId: p.facilityId!, userId: p.id, label })
      .onConflictDoNothing({ target: offlineDevices.prefix })
      .returning();
    if (!row) continue;
    await recordAudit(tx, p, { action: 'offline_device.created', entity: 'offline_device', entityId: String(row.id), after: { prefix, label } });
    return { id: row.id, prefix: row.prefix, facility: row.facilityId, label: row.label, created_at: row.createdAt };
  }
  throw new AppError(503, 'No free device prefix was found; try again.');
}

/** The caller's programmes in which they both order and collect. */
const offlinePrograms = (p: Principal) => PROGRAMS.filter((name) => mayIn(p, name, 'order') && mayIn(p, name, 'collect'));

/** The record's client: a new one written as the clients/ create writes it, or an existing one still as the device saw it. */
async function clientOf(tx: Tx, p: Principal, body: Registration): Promise<number> {
  if (body.new_client) {
    const input = body.new_client as ClientBody;
    await clientResource.validate!(tx, input as never, p);
    const values = { ...(await clientResource.toValues!(input as never)), facilityId: p.facilityId! };
    const [row] = await tx
      .insert(clients)
      .values(values as typeof clients.$inferInsert)
      .returning({ id: clients.id });
    await clientResource.afterSave!(tx, row!.id, input as never, p);
    const [after] = await clientRecords(tx, [row!.id], hiddenIdentifiersFor(p));
    await recordAudit(tx, p, { action: 'client.created', entity: 'client', entityId: String(row!.id), after });
    return row!.id;
  }
  const seen = body.existing_client!;
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, seen.id), eq(clients.facilityId, p.facilityId!)));
  if (!client) throw ValidationError.field('existing_client', `Invalid pk "${seen.id}" - object does not exist.`);
  if (client.mergedInto != null) {
    // Follow the merges to the record that survives (a merge never points back).
    let survivor = client.mergedInto;
    for (let hop = 0; hop < 10; hop++) {
      const [next] = await tx.select({ mergedInto: clients.mergedInto }).from(clients).where(eq(clients.id, survivor));
      if (next?.mergedInto == null) break;
      survivor = next.mergedInto;
    }
    const [record] = await clientRecords(tx, [survivor], hiddenIdentifiersFor(p));
    throw new OfflineConflict('client_merged', `This client was merged into client ${survivor} on the server; register the samples for that record.`, {
      client: record,
    });
  }
  if (client.updatedAt.getTime() > new Date(seen.updated_at).getTime() && !seen.confirm_changed) {
    const [record] = await clientRecords(tx, [client.id], hiddenIdentifiersFor(p));
    throw new OfflineConflict('client_changed', "This client's record was changed on the server since the device copied it; check it and send again.", {
      client: { ...record, updated_at: client.updatedAt.toISOString() },
    });
  }
  return client.id;
}

/** A test taken out of the catalogue or no longer offered by the facility since the device copied the list. */
async function requireTestsOffered(tx: Tx, p: Principal, program: string, ids: number[]): Promise<void> {
  const rows = await tx
    .select({ id: testTypes.id, name: testTypes.name, active: testTypes.is_active, panel: testTypes.panel })
    .from(testTypes)
    .where(inArray(testTypes.id, ids));
  const offered = new Set(
    (
      await tx
        .select({ id: facilityTestServices.test_type })
        .from(facilityTestServices)
        .where(and(eq(facilityTestServices.facility, p.facilityId!), eq(facilityTestServices.is_active, true)))
    ).map((r) => r.id),
  );
  for (const id of ids) {
    const test = rows.find((r) => r.id === id);
    if (!test) throw ValidationError.field('test_types', `Test "${id}" is not a test of the ${program} programme.`);
    if (!test.active || !(offered.has(test.id) || (test.panel != null && offered.has(test.panel))))
      throw new OfflineConflict('test_withdrawn', `${test.name} is no longer offered by this facility; remove it from the request and send again.`, {
        test: { id: test.id, name: test.name },
      });
  }
}

/**
 * One record from a device, in the caller's transaction: the client (new, or
 * existing as the device saw it), then each request as an order through the
 * ordinary order service, its samples collected through the ordinary move and
 * marked with their provisional numbers, which must come from the caller's own
 * devices. Any refusal leaves nothing behind.
 */
export async function registerOffline(tx: Tx, p: Principal, body: Registration): Promise<OfflineRegistrationReply> {
  requireOfflineStaff(p);
  const numbers = body.requests.flatMap((r) => r.samples.map((s) => s.provisional_number));
  if (new Set(numbers).size !== numbers.length) throw ValidationError.field('requests', 'Each sample needs its own provisional number.');
  const prefixes = [...new Set(numbers.map(prefixOf))];
  const devices = await tx
    .select({ id: offlineDevices.id, prefix: offlineDevices.prefix })
    .from(offlineDevices)
    .where(and(inArray(offlineDevices.prefix, prefixes), eq(offlineDevices.userId, p.id)));
  const foreign = prefixes.find((prefix) => !devices.some((d) => d.prefix === prefix));
  if (foreign) throw ValidationError.field('requests', `The provisional numbers ${foreign}-… were not issued to a device of yours.`);
  const taken = await tx.select({ number: samples.provisionalNumber }).from(samples).where(inArray(samples.provisionalNumber, numbers));
  if (taken.length) throw ValidationError.field('requests', `Provisional number ${taken[0]!.number} is already on another sample.`);
  const allowed = offlinePrograms(p);
  for (const request of body.requests) if (!allowed.includes(request.program)) throw forbidden(`Your role does not register samples in ${request.program}.`);

  const clientId = await clientOf(tx, p, body);
  const reply: OfflineRegistrationReply = { id: body.id, client: clientId, requests: [] };
  for (const [index, request] of body.requests.entries()) {
    await requireTestsOffered(tx, p, request.program, request.test_types);
    const form = FAMILIES[programFamily(request.program)].form;
    const placed = await createOrder(tx, p, form, {
      client: clientId,
      program: request.program,
      form: request.form,
      test_types: request.test_types,
      priority: request.priority,
      requesting_clinician: request.requesting_clinician,
      clinical_notes: request.clinical_notes,
    });
    if (placed.samples.length !== request.samples.length)
      throw ValidationError.field(
        `requests.${index}.samples`,
        `These tests need ${placed.samples.length} sample(s) of different types; register ${request.samples.length === 1 ? 'them as separate requests' : 'one sample for each'}.`,
      );
    const out = [];
    for (const [i, created] of placed.samples.entries()) {
      const sent = request.samples[i]!;
      await tx.update(samples).set({ provisionalNumber: sent.provisional_number }).where(eq(samples.id, created.id));
      await moveSamples(tx, p, [placed.program.name], [created.id], 'collect', { collected_at: sent.collected_at, sample_type: sent.sample_type });
      out.push({ id: created.id, barcode: created.barcode, provisional_number: sent.provisional_number });
    }
    reply.requests.push({ order: placed.order.id, program: placed.program.name, lab_number: placed.order.labNumber, samples: out });
  }
  await tx
    .update(offlineDevices)
    .set({ lastSyncAt: new Date() })
    .where(
      inArray(
        offlineDevices.id,
        devices.map((d) => d.id),
      ),
    );
  await recordAudit(tx, p, { action: 'offline.registered', entity: 'offline_registration', entityId: body.id, after: reply });
  return reply;
}

/** What the device copies while online: the tests each of the caller's programmes offers here, sample types, recent clients. */
export async function offlineReferenceFor(tx: Tx, p: Principal) {
  requireOfflineStaff(p);
  const names = offlinePrograms(p);
  const offered = tx
    .select({ id: facilityTestServices.test_type })
    .from(facilityTestServices)
    .where(and(eq(facilityTestServices.facility, p.facilityId!), eq(facilityTestServices.is_active, true)));
  const tests = names.length
    ? await tx
        .select({ id: testTypes.id, name: testTypes.name, code: testTypes.code, program: programs.name })
        .from(testTypes)
        .innerJoin(programs, eq(programs.id, testTypes.program))
        .where(and(inArray(programs.name, names), eq(testTypes.is_active, true), isNull(testTypes.panel), inArray(testTypes.id, offered)))
        .orderBy(testTypes.name)
    : [];
  const links = tests.length
    ? await tx
        .select()
        .from(testTypeSampleTypes)
        .where(
          inArray(
            testTypeSampleTypes.testTypeId,
            tests.map((t) => t.id),
          ),
        )
    : [];
  const types = await tx
    .select({ id: sampleTypes.id, name: sampleTypes.name })
    .from(sampleTypes)
    .where(eq(sampleTypes.is_active, true))
    .orderBy(sampleTypes.name);
  const recent = await tx
    .select({
      id: clients.id,
      first_name: clients.firstName,
      last_name: clients.lastName,
      other_names: clients.otherNames,
      sex: clients.sex,
      date_of_birth: clients.dateOfBirth,
      phone: clients.phone,
      updated_at: clients.updatedAt,
    })
    .from(clients)
    .where(and(eq(clients.facilityId, p.facilityId!), isNull(clients.mergedInto)))
    .orderBy(desc(clients.updatedAt))
    .limit(300);
  await recordAudit(tx, p, { action: 'client.list', entity: 'client', after: { offline_copy: true, count: recent.length } });
  return {
    programs: names
      .map((name) => ({
        name,
        tests: tests
          .filter((t) => t.program === name)
          .map((t) => ({ id: t.id, name: t.name, code: t.code, sample_types: links.filter((l) => l.testTypeId === t.id).map((l) => l.sampleTypeId) })),
      }))
      .filter((program) => program.tests.length),
    sample_types: types,
    clients: recent,
  };
}
