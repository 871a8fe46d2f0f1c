import { inArray } from 'drizzle-orm';
import { resultBody, TB_CODES, TB_SPECIMEN_SAMPLE_TYPES, type TbRequestFormInput } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../../modules/catalogue/catalogue.table.js';
import { sampleTypes } from '../../modules/reference/reference.table.js';
import { enterResult } from '../../modules/results/results.service.js';
import { createOrder, moveSample } from '../../modules/samples/samples.service.js';
import { declaredMethods, type DemoStaff, insertDemoClient, principalsOf, programToSeed, reviewDemoResults } from '../demo-steps.js';

/**
 * A handful of Tuberculosis samples at a demo laboratory, in several states,
 * so the TB pages (dashboard, report, reception, results) are not empty. They
 * go through the product's own services — order, collection, reception,
 * result entry, verification and approval with the approver's password — as
 * the laboratory's demo staff, in the seed's transaction. A laboratory that
 * already holds a TB order is left alone, so this runs once.
 */

/** Where a demo sample stops: ordered; collected; received; result entered; verified; approved (released). */
type Stage = 'ordered' | 'collected' | 'received' | 'entered' | 'verified' | 'approved';

interface DemoTbSample {
  client: { first_name: string; last_name: string; sex: 'male' | 'female'; date_of_birth: string; phone: string };
  /** The test ordered: a panel (Xpert, smear) by its code. */
  test: string;
  form: TbRequestFormInput;
  /** Days before the seed the sample was ordered (and collected an hour later). */
  daysAgo: number;
  stage: Stage;
  /** The results by member code, entered from the `entered` stage on. */
  results?: Record<string, string | number>;
}

const NEW_DIAGNOSIS = { patient_category: 'new', reason_for_examination: 'diagnosis', test_status: 'initial', specimen: 'sputum_spot' } as const;

/** Yaba: an approved RR-TB Xpert, approved negatives and a positive, a smear at each review step, and samples still at reception or the bench. */
export const YABA_TB_SAMPLES: DemoTbSample[] = [
  {
    client: { first_name: 'Chinedu', last_name: 'Okafor', sex: 'male', date_of_birth: '1984-03-02', phone: '08031110001' },
    test: TB_CODES.XPERT,
    form: {
      ...NEW_DIAGNOSIS,
      patient_category: 'relapse',
      hiv_status: 'negative',
      lga_tb_number: 'LMD/2026/0141',
      presumptive_drtb: true,
      visual_appearance: 'muco_purulent',
    },
    daysAgo: 6,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB DETECTED MEDIUM', [TB_CODES.XPERT_RIF]: 'RIF RESISTANCE DETECTED' },
  },
  {
    client: { first_name: 'Halima', last_name: 'Yusuf', sex: 'female', date_of_birth: '1992-11-20', phone: '08031110002' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'positive', lga_tb_number: 'LMD/2026/0142' },
    daysAgo: 5,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB NOT DETECTED' },
  },
  {
    client: { first_name: 'Babatunde', last_name: 'Adeyemi', sex: 'male', date_of_birth: '1971-07-14', phone: '08031110003' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'negative', specimen: 'sputum_early_morning' },
    daysAgo: 4,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB DETECTED LOW', [TB_CODES.XPERT_RIF]: 'RIF RESISTANCE NOT DETECTED' },
  },
  {
    client: { first_name: 'Chiamaka', last_name: 'Nwosu', sex: 'female', date_of_birth: '2001-01-09', phone: '08031110004' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'unknown' },
    daysAgo: 3,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB NOT DETECTED' },
  },
  {
    // A follow-up smear of a patient on treatment, verified and waiting for approval.
    client: { first_name: 'Ifeanyi', last_name: 'Obi', sex: 'male', date_of_birth: '1988-05-30', phone: '08031110005' },
    test: TB_CODES.ZN,
    form: {
      ...NEW_DIAGNOSIS,
      reason_for_examination: 'follow_up',
      treatment_month: 2,
      test_status: 'follow_up',
      hiv_status: 'negative',
      lga_tb_number: 'LMD/2026/0098',
    },
    daysAgo: 2,
    stage: 'verified',
    results: { [TB_CODES.ZN_GRADE]: '2+' },
  },
  {
    client: { first_name: 'Folake', last_name: 'Ogunleye', sex: 'female', date_of_birth: '1979-09-17', phone: '08031110006' },
    test: TB_CODES.ZN,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'negative' },
    daysAgo: 2,
    stage: 'entered',
    results: { [TB_CODES.ZN_GRADE]: 'NEGATIVE' },
  },
  {
    client: { first_name: 'Emeka', last_name: 'Uche', sex: 'male', date_of_birth: '1995-12-03', phone: '08031110007' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'positive' },
    daysAgo: 1,
    stage: 'received',
  },
  {
    client: { first_name: 'Zainab', last_name: 'Lawal', sex: 'female', date_of_birth: '2015-04-22', phone: '08031110008' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'unknown', specimen: 'gastric_aspirate' },
    daysAgo: 0,
    stage: 'collected',
  },
  {
    client: { first_name: 'Olumide', last_name: 'Bakare', sex: 'male', date_of_birth: '1966-02-11', phone: '08031110009' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, patient_category: 'treatment_after_failure', hiv_status: 'negative', presumptive_drtb: true },
    daysAgo: 0,
    stage: 'ordered',
  },
];

/** Kano: an approved positive and an approved negative, one at the bench, one waiting for collection. */
export const KANO_TB_SAMPLES: DemoTbSample[] = [
  {
    client: { first_name: 'Abubakar', last_name: 'Sani', sex: 'male', date_of_birth: '1982-08-08', phone: '08061110001' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'negative', lga_tb_number: 'NSW/2026/0057' },
    daysAgo: 5,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB DETECTED HIGH', [TB_CODES.XPERT_RIF]: 'RIF RESISTANCE NOT DETECTED' },
  },
  {
    client: { first_name: 'Hauwa', last_name: 'Garba', sex: 'female', date_of_birth: '1990-06-25', phone: '08061110002' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'positive' },
    daysAgo: 3,
    stage: 'approved',
    results: { [TB_CODES.XPERT_MTB]: 'MTB NOT DETECTED' },
  },
  {
    client: { first_name: 'Sadiq', last_name: 'Aliyu', sex: 'male', date_of_birth: '1975-10-01', phone: '08061110003' },
    test: TB_CODES.XPERT,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'unknown' },
    daysAgo: 1,
    stage: 'received',
  },
  {
    client: { first_name: 'Maryam', last_name: 'Shehu', sex: 'female', date_of_birth: '1999-03-14', phone: '08061110004' },
    test: TB_CODES.ZN,
    form: { ...NEW_DIAGNOSIS, hiv_status: 'negative' },
    daysAgo: 0,
    stage: 'ordered',
  },
];

const STAGES: Stage[] = ['ordered', 'collected', 'received', 'entered', 'verified', 'approved'];
const reached = (stage: Stage, step: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(step);

/** Seed the TB demo samples of one laboratory (nothing when it already holds a TB order). */
export async function seedTbDemoSamples(tx: Tx, facilityId: number, staff: DemoStaff, plan: readonly DemoTbSample[], password: string): Promise<void> {
  if (!(await programToSeed(tx, facilityId, 'Tuberculosis'))) return;
  const { receptionist, analyst, supervisor } = await principalsOf(tx, staff);
  const tests = new Map(
    (
      await tx
        .select({ id: testTypes.id, code: testTypes.code })
        .from(testTypes)
        .where(inArray(testTypes.code, Object.values(TB_CODES)))
    ).map((t) => [t.code, t.id]),
  );
  const typeIds = new Map((await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes)).map((s) => [s.name, s.id]));
  const methods = await declaredMethods(tx);
  const toVerify: number[] = [];
  const toApprove: number[] = [];
  const now = Date.now();

  for (const demo of plan) {
    const at = new Date(now - demo.daysAgo * 86_400_000 - 3_600_000);
    const clientId = await insertDemoClient(tx, facilityId, receptionist, demo.client, at);
    const placed = await createOrder(
      tx,
      receptionist,
      'tb_sample',
      {
        client: clientId,
        test_types: [tests.get(demo.test)!],
        form: demo.form as Record<string, unknown>,
        priority: 'routine',
        requesting_clinician: 'Dr Adebayo (DOTS clinic)',
        clinical_notes: '',
      },
      { at },
    );
    const sample = placed.samples[0]!;
    if (!reached(demo.stage, 'collected')) continue;
    const sampleType = typeIds.get(TB_SPECIMEN_SAMPLE_TYPES[demo.form.specimen] ?? 'Sputum') ?? sample.sample_type ?? undefined;
    await moveSample(tx, receptionist, ['Tuberculosis'], sample.id, 'collect', {
      collected_at: new Date(Math.min(at.getTime() + 30 * 60_000, now)).toISOString(),
      sample_type: sampleType,
    });
    if (!reached(demo.stage, 'received')) continue;
    await moveSample(tx, receptionist, ['Tuberculosis'], sample.id, 'accept', {});
    if (!reached(demo.stage, 'entered')) continue;
    for (const test of sample.tests) {
      const code = [...tests].find(([, id]) => id === test.test_type)?.[0];
      const value = code ? demo.results?.[code] : undefined;
      if (value === undefined) continue;
      const entered = await enterResult(tx, analyst, resultBody.parse({ test_order: test.id, value, method: methods.get(test.test_type) ?? null }));
      if (reached(demo.stage, 'verified')) toVerify.push(entered.id);
      if (reached(demo.stage, 'approved')) toApprove.push(entered.id);
    }
  }
  await reviewDemoResults(tx, supervisor, toVerify, toApprove, password);
}
