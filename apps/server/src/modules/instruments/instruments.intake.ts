import {
  ENTERABLE_TEST_STATUSES,
  INSTRUMENT_USER_PREFIX,
  type ResultBody,
  readInstrumentValue,
  SAMPLE_STATUS as S,
  type UnmatchedReason,
  wireValue,
} from '@nlims/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db.js';
import type { Principal } from '../../core/principal.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities, facilityPrograms } from '../facilities/facilities.table.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { programs } from '../programs/programs.table.js';
import { enterResults } from '../results/results.service.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';
import { instrumentMessages, instrumentUnmatched } from './instruments.table.js';

/** A machine as the listeners need it, read afresh for each message (its tests may have changed). */
export interface Machine {
  id: number;
  facilityId: number;
  name: string;
  instrument: number | null;
  tests: number[];
  protocol: 'hl7' | 'astm';
}

/** One result as an analyser sent it, whatever the protocol. */
export interface Observation {
  barcode: string;
  testCode: string;
  value: string;
  units: string;
  flags: string;
  referenceRange: string;
  observedAt: Date | null;
  /** The analyser says the value could not be obtained (HL7 OBX-11 X, ASTM R-9 X). */
  cannotObtain?: boolean;
}

export async function loadMachine(db: Tx, id: number): Promise<Machine | null> {
  const [row] = await db
    .select({
      id: machineSettings.id,
      facilityId: machineSettings.facility,
      name: machineSettings.name,
      instrument: machineSettings.instrument,
      tests: machineSettings.tests,
      protocol: machineSettings.protocol,
      active: machineSettings.is_active,
    })
    .from(machineSettings)
    .where(eq(machineSettings.id, id));
  if (!row?.active || (row.protocol !== 'hl7' && row.protocol !== 'astm')) return null;
  return { id: row.id, facilityId: row.facilityId, name: row.name, instrument: row.instrument, tests: row.tests ?? [], protocol: row.protocol };
}

/**
 * The caller analysers' results are entered as: one user per facility, "Instrument interface"
 * (`instrument-interface-<facility>`), acting with the Analyst role in the programmes of the machine's tests (every
 * programme the facility runs when the machine names no test) at the machine's facility. Its row holds no facility,
 * no role and no password (an empty hash: every sign-in with it is refused as a wrong password) and is inactive, so
 * it never signs in and no administrator's user list shows it; the role and the facility are given here, to the
 * intake alone. It exists so that each result names who entered it, and the audit trail whose.
 */
export async function instrumentPrincipal(tx: Tx, machine: Machine): Promise<Principal> {
  const username = `${INSTRUMENT_USER_PREFIX}${machine.facilityId}`;
  await tx
    .insert(users)
    .values({ username, passwordHash: '', firstName: 'Instrument', lastName: 'interface', isActive: false, facilityId: null, department: 'Instruments' })
    .onConflictDoNothing({ target: users.username });
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
  const roles = machine.tests.length
    ? await tx
        .selectDistinct({ program: programs.name, programId: programs.id })
        .from(testTypes)
        .innerJoin(programs, eq(programs.id, testTypes.program))
        .where(inArray(testTypes.id, machine.tests))
    : await tx
        .select({ program: programs.name, programId: programs.id })
        .from(facilityPrograms)
        .innerJoin(programs, eq(programs.id, facilityPrograms.programId))
        .where(eq(facilityPrograms.facilityId, machine.facilityId));
  const [facility] = await tx.select({ type: facilities.facilityType }).from(facilities).where(eq(facilities.id, machine.facilityId));
  return {
    id: user!.id,
    username,
    isSuperuser: false,
    isActive: true,
    facilityId: machine.facilityId,
    facilityType: facility?.type ?? null,
    userLocation: null,
    stateId: null,
    lgaId: null,
    roles: roles.map((r) => ({ program: r.program, programId: r.programId, role: 'Analyst' as const })),
    sessionId: null,
  };
}

interface Candidate {
  testOrder: number;
  sampleId: number;
  sampleStatus: number;
  status: number;
  testTypeId: number;
  code: string;
  loinc: string;
  resultType: string;
}

/** The tests of the samples these barcodes name at the machine's facility. */
async function candidatesOf(tx: Tx, facilityId: number, barcodes: string[]) {
  const found = barcodes.length
    ? await tx
        .select({
          barcode: samples.barcode,
          testOrder: testOrders.id,
          sampleId: samples.id,
          sampleStatus: samples.status,
          status: testOrders.status,
          testTypeId: testOrders.testTypeId,
          code: testTypes.code,
          loinc: testTypes.loinc_code,
          resultType: testTypes.result_type,
        })
        .from(samples)
        .leftJoin(testOrders, eq(testOrders.sampleId, samples.id))
        .leftJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
        .where(
          and(
            eq(samples.facilityId, facilityId),
            inArray(
              sql`upper(${samples.barcode})`,
              barcodes.map((b) => b.toUpperCase()),
            ),
          ),
        )
    : [];
  const bySample = new Map<string, Candidate[]>();
  for (const r of found) {
    const key = r.barcode.toUpperCase();
    const list = bySample.get(key) ?? [];
    if (r.testOrder != null) list.push(r as Candidate);
    bySample.set(key, list);
  }
  return bySample;
}

const codeMatches = (c: Pick<Candidate, 'code' | 'loinc'>, code: string) => {
  const k = code.trim().toUpperCase();
  return !!k && (c.code.toUpperCase() === k || (!!c.loinc && c.loinc.toUpperCase() === k));
};
const ACCEPTED_SAMPLE: readonly number[] = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

/** A value cell as the test takes it: a number, a censored count ("< 40"), or a coded value as sent. */
function bodyValue(obs: Observation, resultType: string): { ok: true; value: number | string } | { ok: false; reason: string } {
  if (obs.cannotObtain) return { ok: false, reason: 'The analyser could not obtain a value.' };
  if (resultType !== 'numeric') return obs.value.trim() ? { ok: true, value: obs.value.trim() } : { ok: false, reason: 'No value' };
  const read = readInstrumentValue(obs.value);
  if (!read.ok) return { ok: false, reason: read.reason };
  const value = wireValue(read.value.numeric, read.value.qualifier);
  return value == null ? { ok: false, reason: 'No value' } : { ok: true, value };
}

export interface Intake {
  messageId: number;
  entered: number;
  queued: { reason: UnmatchedReason; barcode: string; testCode: string; detail: string }[];
}

export interface IncomingMessage {
  raw: string;
  controlId: string;
  remote: string;
  kind: 'result' | 'query';
}

/**
 * An analyser's results, in ONE transaction: the message row, every result it could place entered ENTERED through
 * `enterResults` as the facility's instrument user (flags, the instrument's availability, consumables follow), the
 * rest queued with their reason, the audit row, and the reply (built by `reply` from the outcome) kept beside it.
 * Anything thrown rolls it all back: the caller answers AE / NAK and nothing is stored.
 */
export async function receiveResults(
  db: Db,
  machine: Machine,
  message: IncomingMessage,
  observations: Observation[],
  reply: (outcome: Intake) => string,
): Promise<{ outcome: Intake; reply: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(instrumentMessages)
      .values({
        facilityId: machine.facilityId,
        machineId: machine.id,
        protocol: machine.protocol,
        direction: 'in',
        kind: 'result',
        status: 'accepted',
        raw: message.raw,
        controlId: message.controlId,
        remote: message.remote,
      })
      .returning({ id: instrumentMessages.id });
    const messageId = row!.id;
    const p = await instrumentPrincipal(tx, machine);
    const bySample = await candidatesOf(tx, machine.facilityId, [...new Set(observations.map((o) => o.barcode).filter(Boolean))]);
    const queued: (Intake['queued'][number] & { obs: Observation })[] = [];
    const bodies: ResultBody[] = [];
    const bodyObs: Observation[] = [];
    const taken = new Set<number>();
    for (const obs of observations) {
      const tests = bySample.get(obs.barcode.toUpperCase());
      if (!obs.barcode || !tests) {
        queued.push({ obs, reason: 'unknown-sample', barcode: obs.barcode, testCode: obs.testCode, detail: 'No sample with this barcode at the facility.' });
        continue;
      }
      const named = tests.filter((t) => codeMatches(t, obs.testCode) && (!machine.tests.length || machine.tests.includes(t.testTypeId)));
      if (!named.length) {
        queued.push({
          obs,
          reason: 'unknown-test',
          barcode: obs.barcode,
          testCode: obs.testCode,
          detail: 'The sample has no test with this code on this machine.',
        });
        continue;
      }
      const test = named.find((t) => ENTERABLE_TEST_STATUSES.includes(t.status) && ACCEPTED_SAMPLE.includes(t.sampleStatus) && !taken.has(t.testOrder));
      if (!test) {
        queued.push({ obs, reason: 'not-pending', barcode: obs.barcode, testCode: obs.testCode, detail: 'The test is not awaiting a result.' });
        continue;
      }
      const value = bodyValue(obs, test.resultType);
      if (!value.ok) {
        queued.push({ obs, reason: 'invalid-value', barcode: obs.barcode, testCode: obs.testCode, detail: value.reason });
        continue;
      }
      taken.add(test.testOrder);
      bodies.push({
        test_order: test.testOrder,
        value: value.value,
        comment: `${machine.name} (${machine.protocol.toUpperCase()} message ${message.controlId || messageId})`,
        method: null,
        instrument: machine.instrument,
        isolates: [],
      });
      bodyObs.push(obs);
    }
    const entry = bodies.length ? await enterResults(tx, p, bodies, { lenient: true }) : { entered: [], refused: [] };
    for (const r of entry.refused) {
      const i = bodies.findIndex((b) => b.test_order === r.test_order);
      const obs = bodyObs[i]!;
      queued.push({ obs, reason: 'invalid-value', barcode: obs.barcode, testCode: obs.testCode, detail: r.message });
    }
    if (queued.length)
      await tx.insert(instrumentUnmatched).values(
        queued.map((q) => ({
          facilityId: machine.facilityId,
          machineId: machine.id,
          messageId,
          barcode: q.obs.barcode.slice(0, 200),
          testCode: q.obs.testCode.slice(0, 200),
          value: q.obs.value.slice(0, 2000),
          units: q.obs.units.slice(0, 200),
          flags: q.obs.flags.slice(0, 200),
          referenceRange: q.obs.referenceRange.slice(0, 200),
          reason: q.reason,
          resolution: q.detail.slice(0, 1000),
          observedAt: q.obs.observedAt,
        })),
      );
    const outcome: Intake = { messageId, entered: entry.entered.length, queued: queued.map(({ obs: _o, ...q }) => q) };
    const status = queued.length ? 'queued' : 'accepted';
    const error = queued.length ? `${queued.length} of ${observations.length} result(s) queued: ${[...new Set(queued.map((q) => q.reason))].join(', ')}` : '';
    await tx.update(instrumentMessages).set({ status, error }).where(eq(instrumentMessages.id, messageId));
    const text = reply(outcome);
    if (text)
      await tx.insert(instrumentMessages).values({
        facilityId: machine.facilityId,
        machineId: machine.id,
        protocol: machine.protocol,
        direction: 'out',
        kind: 'ack',
        status: 'sent',
        raw: text,
        controlId: message.controlId,
        remote: message.remote,
        replyTo: messageId,
      });
    await recordAudit(tx, p, {
      action: 'instrument.message_received',
      entity: 'instrument_message',
      entityId: String(messageId),
      after: {
        machine: machine.id,
        protocol: machine.protocol,
        control_id: message.controlId,
        results: observations.length,
        entered: outcome.entered,
        queued: queued.length,
      },
    });
    return { outcome, reply: text };
  });
}

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
