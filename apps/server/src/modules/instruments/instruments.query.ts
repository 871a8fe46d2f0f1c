import { ENTERABLE_TEST_STATUSES } from '@nlims/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { ACCEPTED_SAMPLE } from './instruments.intake.js';
import { type IncomingMessage, instrumentPrincipal, type Machine } from './instruments.machine.js';
import { instrumentMessages } from './instruments.table.js';

/** The tests of a barcode still awaiting a result, on this machine (its tests, when it names some). */
export async function pendingTests(tx: Tx, machine: Machine, barcode: string): Promise<{ code: string; name: string; loinc: string }[]> {
  if (!barcode) return [];
  const rows = await tx
    .select({
      code: testTypes.code,
      name: testTypes.name,
      loinc: testTypes.loinc_code,
      testTypeId: testOrders.testTypeId,
      status: testOrders.status,
      sampleStatus: samples.status,
      panel: testTypes.is_panel,
    })
    .from(samples)
    .innerJoin(testOrders, eq(testOrders.sampleId, samples.id))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .where(and(eq(samples.facilityId, machine.facilityId), eq(sql`upper(${samples.barcode})`, barcode.toUpperCase())))
    .orderBy(testOrders.id);
  return rows
    .filter((r) => !r.panel && ENTERABLE_TEST_STATUSES.includes(r.status) && ACCEPTED_SAMPLE.includes(r.sampleStatus))
    .filter((r) => !machine.tests.length || machine.tests.includes(r.testTypeId))
    .map((r) => ({ code: r.code, name: r.name, loinc: r.loinc }));
}

/** A host query and its answer, kept in one transaction (both directions); returns the answer to send. */
export async function answerQuery(
  db: Db,
  machine: Machine,
  message: IncomingMessage,
  barcode: string,
  answer: (tests: { code: string; name: string; loinc: string }[]) => string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const tests = await pendingTests(tx, machine, barcode);
    const text = answer(tests);
    const [row] = await tx
      .insert(instrumentMessages)
      .values({
        facilityId: machine.facilityId,
        machineId: machine.id,
        protocol: machine.protocol,
        direction: 'in',
        kind: 'query',
        status: 'answered',
        raw: message.raw,
        controlId: message.controlId,
        remote: message.remote,
      })
      .returning({ id: instrumentMessages.id });
    await tx.insert(instrumentMessages).values({
      facilityId: machine.facilityId,
      machineId: machine.id,
      protocol: machine.protocol,
      direction: 'out',
      kind: 'answer',
      status: 'sent',
      raw: text,
      controlId: message.controlId,
      remote: message.remote,
      replyTo: row!.id,
    });
    await recordAudit(tx, await instrumentPrincipal(tx, machine), {
      action: 'instrument.query_answered',
      entity: 'instrument_message',
      entityId: String(row!.id),
      after: { machine: machine.id, facility: machine.facilityId, barcode, tests: tests.map((t) => t.code) },
    });
    return text;
  });
}
