import { and, eq, inArray } from 'drizzle-orm';
import { resultBody, VL_CODES } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../../modules/catalogue/catalogue.table.js';
import { rejectionReasons, sampleTypes } from '../../modules/reference/reference.table.js';
import { enterResult } from '../../modules/results/results.service.js';
import { createOrder, moveSample } from '../../modules/samples/samples.service.js';
import { results } from '../../modules/samples/results.table.js';
import { declaredMethods, type DemoStaff, insertDemoClient, principalsOf, programToSeed, reviewDemoResults } from '../demo-steps.js';

/**
 * A handful of HIV viral-load samples at a demo laboratory, one or more in
 * each state of the lifecycle — ordered, collected, accepted, rejected, a
 * result entered, verified, released (target not detected, below the limit,
 * suppressed, and one unsuppressed whose repeat after counselling is not yet
 * requested) — so the VL pages and the dashboard are not empty. They go
 * through the product's own services as the laboratory's demo staff, in the
 * seed's transaction; the log10 enters with the copies, as it does for a
 * person. A laboratory that already holds a VL order is left alone.
 */

type Stage = 'ordered' | 'collected' | 'received' | 'rejected' | 'entered' | 'verified' | 'approved';

interface DemoVlSample {
  client: { first_name: string; last_name: string; sex: 'male' | 'female'; date_of_birth: string; phone: string };
  form: Record<string, unknown>;
  /** The sample type collected, by name (seed/reference-lists.ts). */
  sampleType: 'Plasma' | 'Dried blood spot' | 'Whole blood (EDTA)';
  daysAgo: number;
  stage: Stage;
  /** The copies/mL as the instrument gave it, from the `entered` stage on. */
  copies?: number | string;
}

const ROUTINE_TLD = { regimen: 'TDF_3TC_DTG', regimen_line: 'first', reason: 'routine' } as const;

/** Yaba: every state of the lifecycle, with released results of each kind. */
export const YABA_VL_SAMPLES: DemoVlSample[] = [
  {
    client: { first_name: 'Ngozi', last_name: 'Eze', sex: 'female', date_of_birth: '1987-04-12', phone: '08032220001' },
    form: {
      ...ROUTINE_TLD,
      art_number: 'LA-MAIN-00412',
      art_start_date: '2016-03-01',
      regimen_start_date: '2019-10-01',
      pregnant: false,
      breastfeeding: false,
      last_vl_result: 0,
      last_vl_date: '2025-05-20',
    },
    sampleType: 'Plasma',
    daysAgo: 9,
    stage: 'approved',
    copies: 'TARGET NOT DETECTED',
  },
  {
    client: { first_name: 'Tunde', last_name: 'Balogun', sex: 'male', date_of_birth: '1979-09-03', phone: '08032220002' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-00318', art_start_date: '2012-07-15', regimen_start_date: '2020-02-01' },
    sampleType: 'Plasma',
    daysAgo: 8,
    stage: 'approved',
    copies: '< 40',
  },
  {
    client: { first_name: 'Aisha', last_name: 'Mohammed', sex: 'female', date_of_birth: '1996-01-27', phone: '08032220003' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-01177', art_start_date: '2024-10-02', pregnant: true, breastfeeding: false, reason: 'first_anc' },
    sampleType: 'Plasma',
    daysAgo: 7,
    stage: 'approved',
    copies: 640,
  },
  {
    // Unsuppressed: released, its repeat after enhanced adherence counselling not yet requested.
    client: { first_name: 'Samuel', last_name: 'Okon', sex: 'male', date_of_birth: '1983-06-18', phone: '08032220004' },
    form: {
      ...ROUTINE_TLD,
      regimen: 'TDF_3TC_EFV',
      art_number: 'LA-MAIN-00977',
      art_start_date: '2014-02-20',
      reason: 'suspected_failure',
      last_vl_result: 2300,
      last_vl_date: '2025-04-02',
    },
    sampleType: 'Plasma',
    daysAgo: 6,
    stage: 'approved',
    copies: 48_500,
  },
  {
    client: { first_name: 'Blessing', last_name: 'Adebayo', sex: 'female', date_of_birth: '2012-11-05', phone: '08032220005' },
    form: { regimen: 'ABC_3TC_DTG', regimen_line: 'first', reason: 'routine', art_number: 'LA-PAED-0088', art_start_date: '2013-01-10' },
    sampleType: 'Dried blood spot',
    daysAgo: 4,
    stage: 'verified',
    copies: 150,
  },
  {
    client: { first_name: 'Kelechi', last_name: 'Nnamdi', sex: 'male', date_of_birth: '1990-02-14', phone: '08032220006' },
    form: {
      regimen: 'AZT_3TC_ATVR',
      regimen_line: 'second',
      reason: 'routine',
      art_number: 'LA-MAIN-00651',
      art_start_date: '2011-05-09',
      regimen_start_date: '2018-08-01',
    },
    sampleType: 'Plasma',
    daysAgo: 3,
    stage: 'entered',
    copies: '1.2E+03',
  },
  {
    client: { first_name: 'Funmilayo', last_name: 'Ajayi', sex: 'female', date_of_birth: '1993-08-30', phone: '08032220007' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-01302', art_start_date: '2025-01-14', breastfeeding: true, pregnant: false, reason: 'six_months_after_start' },
    sampleType: 'Whole blood (EDTA)',
    daysAgo: 2,
    stage: 'rejected',
  },
  {
    client: { first_name: 'Musa', last_name: 'Ibrahim', sex: 'male', date_of_birth: '1975-12-22', phone: '08032220008' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-00207', art_start_date: '2009-03-03' },
    sampleType: 'Plasma',
    daysAgo: 1,
    stage: 'received',
  },
  {
    client: { first_name: 'Grace', last_name: 'Etim', sex: 'female', date_of_birth: '2001-05-16', phone: '08032220009' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-01355', art_start_date: '2025-06-01', pregnant: false, breastfeeding: false, reason: 'baseline' },
    sampleType: 'Dried blood spot',
    daysAgo: 0,
    stage: 'collected',
  },
  {
    client: { first_name: 'Daniel', last_name: 'Akpan', sex: 'male', date_of_birth: '1968-10-09', phone: '08032220010' },
    form: {
      regimen: 'other',
      regimen_other: 'DRV/r + DTG + RAL',
      regimen_line: 'third',
      reason: 'routine',
      art_number: 'LA-MAIN-00033',
      art_start_date: '2005-09-19',
    },
    sampleType: 'Plasma',
    daysAgo: 0,
    stage: 'ordered',
  },
  // Accepted plasma samples waiting for the molecular bench: the demo's viral-load worksheets (seed/vl/worksheets.ts) are loaded with them.
  {
    client: { first_name: 'Kemi', last_name: 'Adebayo', sex: 'female', date_of_birth: '1990-02-11', phone: '08032220100' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02000', art_start_date: '2018-01-10' },
    sampleType: 'Plasma',
    daysAgo: 3,
    stage: 'received',
  },
  {
    client: { first_name: 'Chinedu', last_name: 'Okafor', sex: 'male', date_of_birth: '1984-06-25', phone: '08032220101' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02001', art_start_date: '2018-02-10' },
    sampleType: 'Plasma',
    daysAgo: 3,
    stage: 'received',
  },
  {
    client: { first_name: 'Halima', last_name: 'Bello', sex: 'female', date_of_birth: '1996-11-02', phone: '08032220102' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02002', art_start_date: '2018-03-10' },
    sampleType: 'Plasma',
    daysAgo: 2,
    stage: 'received',
  },
  {
    client: { first_name: 'Segun', last_name: 'Oladipo', sex: 'male', date_of_birth: '1972-01-19', phone: '08032220103' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02003', art_start_date: '2018-04-10' },
    sampleType: 'Plasma',
    daysAgo: 2,
    stage: 'received',
  },
  {
    client: { first_name: 'Blessing', last_name: 'Udo', sex: 'female', date_of_birth: '1988-07-07', phone: '08032220104' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02004', art_start_date: '2018-05-10' },
    sampleType: 'Plasma',
    daysAgo: 1,
    stage: 'received',
  },
  {
    client: { first_name: 'Yakubu', last_name: 'Garba', sex: 'male', date_of_birth: '1981-03-30', phone: '08032220105' },
    form: { ...ROUTINE_TLD, art_number: 'LA-MAIN-02005', art_start_date: '2018-06-10' },
    sampleType: 'Plasma',
    daysAgo: 1,
    stage: 'received',
  },
];

/** Kano: released results (one unsuppressed), one at each earlier step. */
export const KANO_VL_SAMPLES: DemoVlSample[] = [
  {
    client: { first_name: 'Usman', last_name: 'Bello', sex: 'male', date_of_birth: '1980-03-21', phone: '08062220001' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-02211', art_start_date: '2015-08-11' },
    sampleType: 'Plasma',
    daysAgo: 8,
    stage: 'approved',
    copies: 'TARGET NOT DETECTED',
  },
  {
    client: { first_name: 'Fatima', last_name: 'Abdullahi', sex: 'female', date_of_birth: '1994-07-07', phone: '08062220002' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-03110', art_start_date: '2020-01-20', pregnant: false, breastfeeding: true },
    sampleType: 'Dried blood spot',
    daysAgo: 7,
    stage: 'approved',
    copies: '< 839',
  },
  {
    client: { first_name: 'Ibrahim', last_name: 'Danjuma', sex: 'male', date_of_birth: '1972-01-30', phone: '08062220003' },
    form: {
      regimen: 'TDF_3TC_LPVR',
      regimen_line: 'second',
      reason: 'suspected_failure',
      art_number: 'KN-AKTH-00894',
      art_start_date: '2008-04-02',
      regimen_start_date: '2017-06-01',
    },
    sampleType: 'Plasma',
    daysAgo: 6,
    stage: 'approved',
    copies: 212_000,
  },
  {
    client: { first_name: 'Amina', last_name: 'Yakubu', sex: 'female', date_of_birth: '2008-09-12', phone: '08062220004' },
    form: { regimen: 'ABC_3TC_DTG', regimen_line: 'first', reason: 'routine', art_number: 'KN-AKTH-P0142', art_start_date: '2010-02-01' },
    sampleType: 'Plasma',
    daysAgo: 5,
    stage: 'approved',
    copies: 85,
  },
  {
    client: { first_name: 'Yusuf', last_name: 'Haruna', sex: 'male', date_of_birth: '1986-11-28', phone: '08062220005' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-02730', art_start_date: '2018-05-05' },
    sampleType: 'Plasma',
    daysAgo: 4,
    stage: 'verified',
    copies: 310,
  },
  {
    client: { first_name: 'Zainab', last_name: 'Musa', sex: 'female', date_of_birth: '1998-02-02', phone: '08062220006' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-03321', art_start_date: '2023-03-03', pregnant: true, breastfeeding: false, reason: 'first_anc' },
    sampleType: 'Plasma',
    daysAgo: 3,
    stage: 'entered',
    copies: '> 10000000',
  },
  {
    client: { first_name: 'Aliyu', last_name: 'Garba', sex: 'male', date_of_birth: '1977-06-14', phone: '08062220007' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-01109', art_start_date: '2011-11-11' },
    sampleType: 'Whole blood (EDTA)',
    daysAgo: 2,
    stage: 'rejected',
  },
  {
    client: { first_name: 'Rakiya', last_name: 'Sule', sex: 'female', date_of_birth: '1989-10-19', phone: '08062220008' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-02984', art_start_date: '2019-09-09', pregnant: false, breastfeeding: false },
    sampleType: 'Plasma',
    daysAgo: 1,
    stage: 'received',
  },
  {
    client: { first_name: 'Bashir', last_name: 'Lawan', sex: 'male', date_of_birth: '1991-04-04', phone: '08062220009' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-03390', art_start_date: '2025-02-14', reason: 'baseline' },
    sampleType: 'Dried blood spot',
    daysAgo: 0,
    stage: 'collected',
  },
  {
    client: { first_name: 'Hadiza', last_name: 'Umar', sex: 'female', date_of_birth: '1985-12-01', phone: '08062220010' },
    form: { ...ROUTINE_TLD, art_number: 'KN-AKTH-01876', art_start_date: '2013-06-30', pregnant: false, breastfeeding: false },
    sampleType: 'Plasma',
    daysAgo: 0,
    stage: 'ordered',
  },
];

const STAGES: Stage[] = ['ordered', 'collected', 'received', 'entered', 'verified', 'approved'];
const reached = (stage: Stage, step: Stage) => stage !== 'rejected' && STAGES.indexOf(stage) >= STAGES.indexOf(step);

/** Seed the VL demo samples of one laboratory (nothing when it already holds a VL order). */
export async function seedVlDemoSamples(tx: Tx, facilityId: number, staff: DemoStaff, plan: readonly DemoVlSample[], password: string): Promise<void> {
  if (!(await programToSeed(tx, facilityId, 'Viral Load'))) return;
  const { receptionist, analyst, supervisor } = await principalsOf(tx, staff);
  const [panel] = await tx.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, VL_CODES.PANEL));
  const [copiesTest] = await tx.select({ id: testTypes.id }).from(testTypes).where(eq(testTypes.code, VL_CODES.RNA));
  if (!panel || !copiesTest) return;
  const typeIds = new Map((await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes)).map((s) => [s.name, s.id]));
  const [insufficient] = await tx.select({ id: rejectionReasons.id }).from(rejectionReasons).where(eq(rejectionReasons.code, 'QNS'));
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
      'vl_sample',
      {
        client: clientId,
        test_types: [panel.id],
        form: demo.form,
        priority: 'routine',
        requesting_clinician: 'Dr Okonkwo (ART clinic)',
        clinical_notes: '',
      },
      { at },
    );
    const sample = placed.samples[0]!;
    if (demo.stage === 'ordered') continue;
    await moveSample(tx, receptionist, ['Viral Load'], sample.id, 'collect', {
      collected_at: new Date(Math.min(at.getTime() + 30 * 60_000, now)).toISOString(),
      sample_type: typeIds.get(demo.sampleType),
    });
    if (demo.stage === 'rejected' && insufficient) {
      await moveSample(tx, receptionist, ['Viral Load'], sample.id, 'reject', { rejection_reason: insufficient.id, comment: 'Less than 1 mL of whole blood' });
      continue;
    }
    if (!reached(demo.stage, 'received')) continue;
    await moveSample(tx, receptionist, ['Viral Load'], sample.id, 'accept', {});
    if (!reached(demo.stage, 'entered') || demo.copies === undefined) continue;
    const copies = sample.tests.find((t) => t.test_type === copiesTest.id)!;
    await enterResult(
      tx,
      analyst,
      resultBody.parse({ test_order: copies.id, value: demo.copies, method: methods.get(copies.test_type) ?? null, instrument: null }),
    );
    // The copies and the log10 computed with them are reviewed together.
    const runs = await tx
      .select({ id: results.id })
      .from(results)
      .where(
        and(
          inArray(
            results.testOrderId,
            sample.tests.map((t) => t.id),
          ),
          eq(results.current, true),
        ),
      );
    if (reached(demo.stage, 'verified')) toVerify.push(...runs.map((r) => r.id));
    if (reached(demo.stage, 'approved')) toApprove.push(...runs.map((r) => r.id));
  }
  await reviewDemoResults(tx, supervisor, toVerify, toApprove, password);
}
