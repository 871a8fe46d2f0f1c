import { eq } from 'drizzle-orm';
import { EID_DEFAULT_SAMPLE_TYPE, EID_PCR, type EidResult, resultBody } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../../modules/catalogue/catalogue.table.js';
import { rejectionReasons, sampleTypes } from '../../modules/reference/reference.table.js';
import { enterResult } from '../../modules/results/results.service.js';
import { createOrder, moveSample } from '../../modules/samples/samples.service.js';
import { declaredMethods, type DemoStaff, insertDemoClient, principalsOf, programToSeed, reviewDemoResults } from '../demo-steps.js';

/**
 * A few EID samples at the Yaba laboratory, one or more in each state of the
 * lifecycle — ordered, collected, accepted, rejected for a DBS fault, result
 * entered, verified, released negative, and one released first PCR that
 * detected HIV-1 DNA whose confirmatory request is not made yet — so the EID
 * pages (dashboard, reception, results, the alert) are not empty. They go
 * through the product's own services as the laboratory's demo staff, in the
 * seed's transaction; a laboratory already holding an EID order is left alone.
 */

type Stage = 'ordered' | 'collected' | 'received' | 'rejected' | 'entered' | 'verified' | 'approved';

interface DemoEidSample {
  /** The infant: the order's client; born `ageDays` before the seed. */
  infant: { first_name: string; last_name: string; sex: 'male' | 'female'; ageDays: number };
  form: Record<string, unknown>;
  /** Days before the seed the sample was ordered (and collected half an hour later). */
  daysAgo: number;
  stage: Stage;
  result?: EidResult;
  /** The rejection reason's code (a DBS reason) for a rejected sample. */
  rejection?: string;
  /** For an infant no longer breastfed: how long ago breastfeeding stopped (the form's stop date). */
  breastfeedingStoppedDaysAgo?: number;
}

const MOTHER_ON_ART = { mother_hiv_status: 'positive', mother_on_art: 'yes', mother_regimen: 'TDF/3TC/DTG' } as const;
const FIRST_PCR = { entry_point: 'pmtct', pcr_sequence: 'first', reason: 'routine', infant_prophylaxis: 'nvp', feeding: 'exclusive_breastfeeding' } as const;

export const YABA_EID_SAMPLES: DemoEidSample[] = [
  {
    infant: { first_name: 'Adaeze', last_name: 'Nwankwo', sex: 'female', ageDays: 52 },
    form: { ...FIRST_PCR, ...MOTHER_ON_ART, exposed_infant_number: 'HEI/LMD/2026/0031', mother_name: 'Ngozi Nwankwo', mother_last_vl: 12500 },
    daysAgo: 9,
    stage: 'approved',
    result: 'DETECTED',
  },
  {
    infant: { first_name: 'Tobi', last_name: 'Adewale', sex: 'male', ageDays: 50 },
    form: {
      ...FIRST_PCR,
      ...MOTHER_ON_ART,
      entry_point: 'immunisation',
      exposed_infant_number: 'HEI/LMD/2026/0032',
      mother_name: 'Bisi Adewale',
      mother_last_vl: 40,
    },
    daysAgo: 8,
    stage: 'approved',
    result: 'NOT DETECTED',
  },
  {
    infant: { first_name: 'Fatima', last_name: 'Musa', sex: 'female', ageDays: 290 },
    form: {
      ...FIRST_PCR,
      ...MOTHER_ON_ART,
      entry_point: 'nutrition',
      pcr_sequence: 'second',
      infant_prophylaxis: 'nvp_azt',
      feeding: 'mixed',
      exposed_infant_number: 'HEI/LMD/2025/0417',
      mother_name: 'Amina Musa',
    },
    daysAgo: 6,
    stage: 'approved',
    result: 'NOT DETECTED',
  },
  {
    infant: { first_name: 'Chidi', last_name: 'Eze', sex: 'male', ageDays: 470 },
    form: {
      ...FIRST_PCR,
      ...MOTHER_ON_ART,
      pcr_sequence: 'after_breastfeeding',
      reason: 'after_breastfeeding',
      feeding: 'stopped',
      exposed_infant_number: 'HEI/LMD/2025/0288',
      mother_name: 'Uju Eze',
    },
    breastfeedingStoppedDaysAgo: 60,
    daysAgo: 4,
    stage: 'verified',
    result: 'NOT DETECTED',
  },
  {
    infant: { first_name: 'Aisha', last_name: 'Bello', sex: 'female', ageDays: 66 },
    form: { ...FIRST_PCR, entry_point: 'paediatric_ward', reason: 'symptomatic', infant_prophylaxis: 'unknown', mother_hiv_status: 'unknown' },
    daysAgo: 3,
    stage: 'entered',
    result: 'INDETERMINATE',
  },
  {
    infant: { first_name: 'Grace', last_name: 'Akpan', sex: 'female', ageDays: 140 },
    form: { ...FIRST_PCR, ...MOTHER_ON_ART, entry_point: 'outpatient', pcr_sequence: 'second', exposed_infant_number: 'HEI/LMD/2026/0012' },
    daysAgo: 3,
    stage: 'rejected',
    rejection: 'DBS-WET',
  },
  {
    infant: { first_name: 'Kelechi', last_name: 'Obi', sex: 'male', ageDays: 45 },
    form: { ...FIRST_PCR, ...MOTHER_ON_ART, exposed_infant_number: 'HEI/LMD/2026/0035', mother_name: 'Chioma Obi' },
    daysAgo: 2,
    stage: 'received',
  },
  {
    infant: { first_name: 'Samuel', last_name: 'Okon', sex: 'male', ageDays: 43 },
    form: { ...FIRST_PCR, entry_point: 'outreach', mother_hiv_status: 'positive', mother_on_art: 'no', infant_prophylaxis: 'none' },
    daysAgo: 1,
    stage: 'received',
  },
  {
    infant: { first_name: 'Blessing', last_name: 'Udo', sex: 'female', ageDays: 44 },
    form: { ...FIRST_PCR, ...MOTHER_ON_ART, entry_point: 'immunisation', exposed_infant_number: 'HEI/LMD/2026/0036' },
    daysAgo: 0,
    stage: 'collected',
  },
  {
    infant: { first_name: 'Yusuf', last_name: 'Ibrahim', sex: 'male', ageDays: 42 },
    form: { ...FIRST_PCR, ...MOTHER_ON_ART, exposed_infant_number: 'HEI/LMD/2026/0037', mother_name: 'Hadiza Ibrahim' },
    daysAgo: 0,
    stage: 'ordered',
  },
];

const STAGES: Stage[] = ['ordered', 'collected', 'received', 'entered', 'verified', 'approved'];
const reached = (stage: Stage, step: Stage) =>
  stage === 'rejected' ? step === 'ordered' || step === 'collected' : STAGES.indexOf(stage) >= STAGES.indexOf(step);
const dayOf = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);

/** Seed the EID demo samples of one laboratory (nothing when it already holds an EID order). */
export async function seedEidDemoSamples(tx: Tx, facilityId: number, staff: DemoStaff, plan: readonly DemoEidSample[], password: string): Promise<void> {
  if (!(await programToSeed(tx, facilityId, 'EID'))) return;
  const { receptionist, analyst, supervisor } = await principalsOf(tx, staff);
  const [pcr] = await tx.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, EID_PCR));
  const [dbs] = await tx.select({ id: sampleTypes.id }).from(sampleTypes).where(eq(sampleTypes.code, EID_DEFAULT_SAMPLE_TYPE));
  if (!pcr || !dbs) return;
  const reasons = new Map((await tx.select({ id: rejectionReasons.id, code: rejectionReasons.code }).from(rejectionReasons)).map((r) => [r.code, r.id]));
  const methods = await declaredMethods(tx);
  const toVerify: number[] = [];
  const toApprove: number[] = [];
  const now = Date.now();

  for (const demo of plan) {
    const at = new Date(now - demo.daysAgo * 86_400_000 - 3_600_000);
    const clientId = await insertDemoClient(
      tx,
      facilityId,
      receptionist,
      { ...demo.infant, date_of_birth: dayOf(now - demo.infant.ageDays * 86_400_000), phone: '' },
      at,
    );
    const stopped = demo.breastfeedingStoppedDaysAgo;
    const form = stopped === undefined ? demo.form : { ...demo.form, breastfeeding_stopped_on: dayOf(now - stopped * 86_400_000) };
    const placed = await createOrder(
      tx,
      receptionist,
      'eid_sample',
      {
        client: clientId,
        test_types: [pcr.id],
        form,
        priority: 'routine',
        requesting_clinician: 'Nurse Okafor (PMTCT clinic)',
        clinical_notes: '',
      },
      { at },
    );
    const sample = placed.samples[0]!;
    if (!reached(demo.stage, 'collected')) continue;
    await moveSample(tx, receptionist, ['EID'], sample.id, 'collect', {
      collected_at: new Date(Math.min(at.getTime() + 30 * 60_000, now)).toISOString(),
      sample_type: dbs.id,
    });
    if (demo.stage === 'rejected') {
      const reason = reasons.get(demo.rejection ?? '');
      if (reason) await moveSample(tx, receptionist, ['EID'], sample.id, 'reject', { rejection_reason: reason });
      continue;
    }
    if (!reached(demo.stage, 'received')) continue;
    await moveSample(tx, receptionist, ['EID'], sample.id, 'accept', {});
    if (!reached(demo.stage, 'entered') || !demo.result) continue;
    const entered = await enterResult(
      tx,
      analyst,
      resultBody.parse({ test_order: sample.tests[0]!.id, value: demo.result, method: methods.get(sample.tests[0]!.test_type) ?? null }),
    );
    if (reached(demo.stage, 'verified')) toVerify.push(entered.id);
    if (reached(demo.stage, 'approved')) toApprove.push(entered.id);
  }
  await reviewDemoResults(tx, supervisor, toVerify, toApprove, password);
}
