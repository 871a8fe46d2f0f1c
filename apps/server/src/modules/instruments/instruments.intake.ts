import { ENTERABLE_TEST_STATUSES, type ResultBody, readInstrumentValue, SAMPLE_STATUS as S, type UnmatchedReason, wireValue } from '@nlims/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db.js';
import { recordAudit } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { enterResults } from '../results/results.service.js';
import { samples, testOrders } from '../samples/samples.table.js';
import { type IncomingMessage, instrumentPrincipal, type Machine, type Observation } from './instruments.machine.js';
import { instrumentMessages, instrumentUnmatched } from './instruments.table.js';

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
/** The sample states whose tests take a result from an analyser. */
export const ACCEPTED_SAMPLE: readonly number[] = [S.APPROVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

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
