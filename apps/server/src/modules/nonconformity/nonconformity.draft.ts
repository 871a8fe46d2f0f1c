import { type NcrDraft, type NcrSource, type NcrType, type ncrDraftQuery, SAMPLE_STATUS } from '@nlims/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { programsHeld } from '../../core/access.js';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { rejectionReasons } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { staffFacility, today } from './nonconformity.access.js';
import { readsSample } from './nonconformity.read.js';

/** The events a report may be raised from (a rejected sample or QC run, an amended result): whether they happened, and the pre-filled draft. */
/** Which type a reception rejection reason suggests. */
function typeForReason(reason: string): NcrType {
  const r = reason.toLowerCase();
  if (/label|identif|mismatch|name/.test(r)) return /mismatch|identif/.test(r) ? 'patient_identification_mismatch' : 'labelling_error';
  if (/request|form|incomplete|missing information/.test(r)) return 'incomplete_request';
  if (/transport|delay|late|temperature|leak|broken/.test(r)) return 'transport';
  if (/storage|expired/.test(r)) return 'storage';
  if (/container|volume|insufficient|collect/.test(r)) return 'sample_collection_error';
  return 'sample_quality';
}

export type EventSource = Exclude<NcrSource, 'manual'>;

/** What is said when the record is there but the event a report would describe is not. */
export const NOT_HAPPENED: Record<EventSource, string> = {
  sample_rejected: 'This sample was not rejected: there is no rejection to report.',
  referral_rejected: 'This sample was not rejected on arrival from a referring facility: there is no rejection to report.',
  qc_rejected: 'This QC run was not rejected: there is no QC failure to report.',
  result_amended: 'This result is not an amendment: there is no amended result to report.',
};

/**
 * A sample of the facility, in a programme the caller holds a role in (else undefined), and whether it was rejected
 * (at reception, whole or some of its tests, which leaves its rejection reason; a referred one on arrival).
 */
async function sampleEvent(db: Tx, facility: number, readable: readonly string[], ref: number) {
  const [sample] = await db
    .select({
      id: samples.id,
      barcode: samples.barcode,
      reason: rejectionReasons.reason,
      updated: samples.updatedAt,
      from: sql<string | null>`(select f.facility_name from ${facilities} f where f.id = ${samples.referredFromFacilityId})`,
      rejected: sql<boolean>`(${samples.rejectionReasonId} is not null or ${samples.status} in (${SAMPLE_STATUS.REJECTED}, ${SAMPLE_STATUS.PARTIALLY_REJECTED}))`,
      referred: sql<boolean>`(${samples.referredFromFacilityId} is not null)`,
    })
    .from(samples)
    .leftJoin(rejectionReasons, eq(rejectionReasons.id, samples.rejectionReasonId))
    .where(and(eq(samples.id, ref), eq(samples.facilityId, facility), programIn(samples.programId, readable)));
  return sample;
}

/** A QC run of the facility (else undefined), with its tests, machine and the rules it fired. */
async function qcEvent(db: Tx, facility: number, ref: number) {
  const rows = rowsOf<{ run_at: Date | string; verdict: string; test: string | null; machine: string | null; rules: string | null }>(
    await db.execute(sql`
      select r.run_at, r.verdict,
             (select string_agg(distinct t.name, ', ') from qc_results x join qc_materials m on m.id = x.material_id join ${testTypes} t on t.id = m.test_type_id where x.run_id = r.id) as test,
             (select ms.name from machine_settings ms where ms.id = r.machine_id) as machine,
             (select string_agg(distinct v->>'rule', ', ') from qc_results x, jsonb_array_elements(x.violations) v where x.run_id = r.id) as rules
      from qc_runs r where r.id = ${ref} and r.facility_id = ${facility}`),
  );
  return rows[0];
}

/** A result of the facility whose sample the caller may name (else undefined), and whether it amends a released one. */
async function resultEvent(db: Tx, facility: number, readable: readonly string[], ref: number) {
  const rows = rowsOf<{ sample: number; barcode: string; test_order: number; test: string; reason: string | null; at: Date | string; amends: number | null }>(
    await db.execute(sql`
      select s.id as sample, s.barcode, o.id as test_order, t.name as test, r.amendment_reason as reason, coalesce(r.entered_at, now()) as at, r.amends_id as amends
      from results r join ${testOrders} o on o.id = r.test_order_id join ${samples} s on s.id = o.sample_id join ${testTypes} t on t.id = o.test_type_id
      where r.id = ${ref} and r.facility_id = ${facility} and ${readsSample(readable, 's')}`),
  );
  return rows[0];
}

/** Whether the event happened: the record is there (`undefined` when it is not the caller's to name), and the event with it. */
export async function sourceEvent(db: Tx, facility: number, readable: readonly string[], source: EventSource, ref: number): Promise<boolean | undefined> {
  if (source === 'qc_rejected') {
    const run = await qcEvent(db, facility, ref);
    return run ? run.verdict === 'rejected' : undefined;
  }
  if (source === 'result_amended') {
    const result = await resultEvent(db, facility, readable, ref);
    return result ? result.amends != null : undefined;
  }
  const sample = await sampleEvent(db, facility, readable, ref);
  return sample ? sample.rejected && (source === 'sample_rejected' || sample.referred) : undefined;
}

/**
 * A pre-filled report for an event the system saw (nothing is saved): the form opens with it. A record that is not
 * the caller's to name is a 400 on `ref`; one whose event did not happen (a sample not rejected, a QC run not
 * rejected, a result that is no amendment) is not found.
 */
export async function draftReport(db: Db, p: Principal, q: z.output<typeof ncrDraftQuery>, now = new Date()): Promise<NcrDraft> {
  const facility = staffFacility(p);
  const readable = programsHeld(p);
  const source = q.source as EventSource;
  const missing = () => ValidationError.field('ref', `Invalid pk "${q.ref}" - object does not exist.`);
  const base = {
    event_date: today(now),
    immediate_action: '',
    suspected_cause: '',
    section: null,
    source: q.source,
    source_ref: q.ref,
  };
  if (source === 'sample_rejected' || source === 'referral_rejected') {
    const sample = await sampleEvent(db, facility, readable, q.ref);
    if (!sample) throw missing();
    const referral = source === 'referral_rejected';
    if (!sample.rejected || (referral && !sample.referred)) throw notFound(NOT_HAPPENED[source]);
    const reason = sample.reason ?? 'no reason recorded';
    const type = referral && !sample.reason ? 'transport' : typeForReason(reason);
    return {
      ...base,
      event_date: lagosToday(sample.updated),
      title: referral ? `Referred sample ${sample.barcode} rejected on arrival: ${reason}` : `Sample ${sample.barcode} rejected at reception: ${reason}`,
      description: referral
        ? `Sample ${sample.barcode}, referred by ${sample.from ?? 'another facility'}, was rejected when the shipment was received (${reason}).`
        : `Sample ${sample.barcode} was rejected at reception (${reason}).`,
      immediate_action: 'Sample rejected; the requesting facility to be asked for a new sample.',
      severity: 'minor',
      samples: [{ sample: sample.id, tests: [] }],
      type,
      lab_numbers: [sample.barcode],
    };
  }
  if (source === 'qc_rejected') {
    const run = await qcEvent(db, facility, q.ref);
    if (!run) throw missing();
    if (run.verdict !== 'rejected') throw notFound(NOT_HAPPENED[source]);
    const on = lagosToday(new Date(run.run_at));
    return {
      ...base,
      event_date: on,
      title: `QC run rejected: ${run.test ?? 'quality control'}${run.machine ? ` on ${run.machine}` : ''}`,
      description: `The internal quality control run of ${on} was rejected${run.rules ? ` (Westgard rules: ${run.rules})` : ''}. Patients' results on this test are held until an accepted run.`,
      immediate_action: 'Patient results held; run repeated after checking the reagents, controls and instrument.',
      severity: 'major',
      samples: [],
      type: 'qc_failure',
      lab_numbers: [],
    };
  }
  // result_amended: the amendment's sample and test
  const result = await resultEvent(db, facility, readable, q.ref);
  if (!result) throw missing();
  if (result.amends == null) throw notFound(NOT_HAPPENED[source]);
  return {
    ...base,
    event_date: lagosToday(new Date(result.at)),
    title: `Released result amended: ${result.test} on ${result.barcode}`,
    description: `The released ${result.test} result of sample ${result.barcode} was amended${result.reason ? `: ${result.reason}` : ''}.`,
    immediate_action: 'Amended report issued; the requesting clinician informed.',
    severity: 'major',
    samples: [{ sample: result.sample, tests: [result.test_order] }],
    type: 'result_amended',
    lab_numbers: [result.barcode],
  };
}
