import { eq } from 'drizzle-orm';
import { PH_SPECIMEN_SAMPLE_TYPES, resultBody } from '@nlims/contracts';
import type { Db, Tx } from '../../core/db.js';
import { testTypes } from '../../modules/catalogue/catalogue.table.js';
import { lgas, states } from '../../modules/geo/geo.table.js';
import { rejectionReasons, sampleTypes } from '../../modules/reference/reference.table.js';
import { enterResult, prepareReview, reviewResults } from '../../modules/results/results.service.js';
import { markNotified } from '../../modules/analytics/ph/ph-notify.js';
import { createOrder, moveSample } from '../../modules/samples/samples.service.js';
import { declaredMethods, type DemoStaff, insertDemoClient, principalOf, principalsOf, programToSeed, reviewDemoResults } from '../demo-steps.js';

/**
 * Lassa fever and COVID-19 samples at the Yaba reference laboratory, a few in
 * each state of the lifecycle — ordered, collected, received, rejected at
 * reception, result entered, verified, released negative, released positive
 * not yet notified (and, for Lassa, one sent for a new run and one positive
 * already notified) — so the public-health pages are not empty. They go
 * through the product's own services as the laboratory's demo staff, in the
 * seed's transaction; a laboratory that already holds an order of the
 * programme is left alone, so this runs once.
 */

type Stage = 'ordered' | 'collected' | 'received' | 'rejected' | 'entered' | 'retest' | 'verified' | 'approved' | 'notified';

interface DemoCase {
  client: { first_name: string; last_name: string; sex: 'male' | 'female'; date_of_birth: string; phone: string; lga: string };
  form: Record<string, unknown>;
  daysAgo: number;
  stage: Stage;
  /** The results by member code, from the `entered` stage on. */
  results?: Record<string, string | number>;
}

export interface PhDemoStaff extends DemoStaff {
  dataAnalyst: string;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const LASSA_CASE = { travelled: 'no', contact_with_case: 'unknown', hospitalised: 'yes', outcome: 'alive', specimen: 'whole_blood' };
const COVID_CASE = { travelled: 'no', contact_with_case: 'no', hospitalised: 'no', outcome: 'alive', specimen: 'np_swab', vaccinated: 'no' };
const LASSA_POSITIVE = { 'LASSA-PCR-RESULT': 'DETECTED', 'LASSA-PCR-GPC-CT': 23.41, 'LASSA-PCR-L-CT': 25.87 };
const LASSA_NEGATIVE = { 'LASSA-PCR-RESULT': 'NOT DETECTED' };
const COVID_POSITIVE = { 'COVID-PCR-RESULT': 'DETECTED', 'COVID-PCR-E-CT': 21.3, 'COVID-PCR-N-CT': 22.8, 'COVID-PCR-RDRP-CT': 24.1 };
const COVID_NEGATIVE = { 'COVID-PCR-RESULT': 'NOT DETECTED' };

export const YABA_PH_SAMPLES: Record<'Lassa Fever' | 'COVID-19', { test: string; cases: DemoCase[] }> = {
  'Lassa Fever': {
    test: 'LASSA-PCR',
    cases: [
      {
        client: { first_name: 'Osaze', last_name: 'Ehigiator', sex: 'male', date_of_birth: '1987-02-14', phone: '08032220001', lga: 'Ikeja' },
        form: {
          ...LASSA_CASE,
          epid_number: 'NIE-LAS-IKJ-26-014',
          date_of_onset: day(9),
          symptoms: ['fever', 'malaise', 'sore_throat', 'bleeding'],
          travelled: 'yes',
          travel_place: 'Irrua, Edo',
          admission_date: day(7),
        },
        daysAgo: 7,
        stage: 'notified',
        results: LASSA_POSITIVE,
      },
      {
        client: { first_name: 'Ngozi', last_name: 'Eze', sex: 'female', date_of_birth: '1993-08-03', phone: '08032220002', lga: 'Lagos Mainland' },
        form: {
          ...LASSA_CASE,
          epid_number: 'NIE-LAS-LMD-26-021',
          date_of_onset: day(6),
          symptoms: ['fever', 'headache', 'abdominal_pain', 'nausea_vomiting'],
          contact_with_case: 'yes',
          admission_date: day(4),
        },
        daysAgo: 4,
        stage: 'approved',
        results: { ...LASSA_POSITIVE, 'LASSA-PCR-GPC-CT': 28.06, 'LASSA-PCR-L-CT': 30.12 },
      },
      {
        client: { first_name: 'Tunde', last_name: 'Bello', sex: 'male', date_of_birth: '1975-05-21', phone: '08032220003', lga: 'Surulere' },
        form: { ...LASSA_CASE, epid_number: 'NIE-LAS-SUR-26-009', date_of_onset: day(5), symptoms: ['fever', 'cough'], hospitalised: 'no' },
        daysAgo: 4,
        stage: 'approved',
        results: LASSA_NEGATIVE,
      },
      {
        client: { first_name: 'Aisha', last_name: 'Musa', sex: 'female', date_of_birth: '2002-12-11', phone: '08032220004', lga: 'Mushin' },
        form: { ...LASSA_CASE, date_of_onset: day(4), symptoms: ['fever', 'muscle_pain'], admission_date: day(3) },
        daysAgo: 3,
        stage: 'verified',
        results: LASSA_NEGATIVE,
      },
      {
        client: { first_name: 'Chukwudi', last_name: 'Nnamdi', sex: 'male', date_of_birth: '1968-03-30', phone: '08032220005', lga: 'Kosofe' },
        form: {
          ...LASSA_CASE,
          epid_number: 'NIE-LAS-KOS-26-004',
          date_of_onset: day(3),
          symptoms: ['fever', 'facial_swelling', 'shock'],
          admission_date: day(2),
        },
        daysAgo: 2,
        stage: 'entered',
        results: { ...LASSA_POSITIVE, 'LASSA-PCR-GPC-CT': 19.92, 'LASSA-PCR-L-CT': 21.4 },
      },
      {
        client: { first_name: 'Blessing', last_name: 'Okon', sex: 'female', date_of_birth: '1998-06-18', phone: '08032220006', lga: 'Alimosho' },
        form: { ...LASSA_CASE, date_of_onset: day(3), symptoms: ['fever', 'sore_throat'], specimen: 'serum', admission_date: day(2) },
        daysAgo: 2,
        stage: 'retest',
        results: { 'LASSA-PCR-RESULT': 'INCONCLUSIVE', 'LASSA-PCR-GPC-CT': 37.8, 'LASSA-PCR-L-CT': 44.9 },
      },
      {
        client: { first_name: 'Samuel', last_name: 'Adeleke', sex: 'male', date_of_birth: '1982-10-09', phone: '08032220007', lga: 'Ikeja' },
        form: { ...LASSA_CASE, date_of_onset: day(2), symptoms: ['fever', 'malaise'], admission_date: day(1) },
        daysAgo: 1,
        stage: 'received',
      },
      {
        client: { first_name: 'Funmilayo', last_name: 'Afolabi', sex: 'female', date_of_birth: '1990-01-25', phone: '08032220008', lga: 'Surulere' },
        form: { ...LASSA_CASE, date_of_onset: day(2), symptoms: ['fever', 'bleeding'], admission_date: day(1) },
        daysAgo: 1,
        stage: 'rejected',
      },
      {
        client: { first_name: 'Musa', last_name: 'Ibrahim', sex: 'male', date_of_birth: '1979-04-07', phone: '08032220009', lga: 'Lagos Mainland' },
        form: { ...LASSA_CASE, date_of_onset: day(1), symptoms: ['fever', 'headache'], hospitalised: 'no' },
        daysAgo: 0,
        stage: 'collected',
      },
      {
        client: { first_name: 'Grace', last_name: 'Etim', sex: 'female', date_of_birth: '2010-09-12', phone: '08032220010', lga: 'Mushin' },
        form: { ...LASSA_CASE, date_of_onset: day(1), symptoms: ['fever'], hospitalised: 'unknown' },
        daysAgo: 0,
        stage: 'ordered',
      },
    ],
  },
  'COVID-19': {
    test: 'COVID-PCR',
    cases: [
      {
        client: { first_name: 'Kelechi', last_name: 'Onyeka', sex: 'male', date_of_birth: '1985-11-02', phone: '08032230001', lga: 'Ikeja' },
        form: {
          ...COVID_CASE,
          epid_number: 'NIE-LAS-IKJ-26-031',
          date_of_onset: day(5),
          symptoms: ['fever', 'cough', 'loss_of_smell_taste'],
          vaccinated: 'yes',
          vaccine_doses: 2,
          last_dose_date: '2024-03-15',
          travelled: 'yes',
          travel_place: 'Abuja',
        },
        daysAgo: 4,
        stage: 'approved',
        results: COVID_POSITIVE,
      },
      {
        client: { first_name: 'Bisi', last_name: 'Adewale', sex: 'female', date_of_birth: '1972-07-19', phone: '08032230002', lga: 'Kosofe' },
        form: { ...COVID_CASE, date_of_onset: day(4), symptoms: ['cough', 'sore_throat'], vaccinated: 'unknown' },
        daysAgo: 3,
        stage: 'approved',
        results: COVID_NEGATIVE,
      },
      {
        client: { first_name: 'Yakubu', last_name: 'Danjuma', sex: 'male', date_of_birth: '1960-01-30', phone: '08032230003', lga: 'Surulere' },
        form: { ...COVID_CASE, date_of_onset: day(3), symptoms: ['fever', 'breathlessness'], hospitalised: 'yes', admission_date: day(2) },
        daysAgo: 2,
        stage: 'verified',
        results: { ...COVID_POSITIVE, 'COVID-PCR-E-CT': 30.2, 'COVID-PCR-N-CT': 31.5, 'COVID-PCR-RDRP-CT': 33.9 },
      },
      {
        client: { first_name: 'Amaka', last_name: 'Igwe', sex: 'female', date_of_birth: '1996-05-05', phone: '08032230004', lga: 'Alimosho' },
        form: { ...COVID_CASE, date_of_onset: day(2), symptoms: ['runny_nose', 'headache'] },
        daysAgo: 2,
        stage: 'entered',
        results: COVID_NEGATIVE,
      },
      {
        client: { first_name: 'Ibrahim', last_name: 'Bala', sex: 'male', date_of_birth: '1988-02-27', phone: '08032230005', lga: 'Mushin' },
        form: { ...COVID_CASE, date_of_onset: day(2), symptoms: ['fever', 'cough'], specimen: 'op_swab' },
        daysAgo: 1,
        stage: 'received',
      },
      {
        client: { first_name: 'Omolara', last_name: 'Johnson', sex: 'female', date_of_birth: '1983-10-14', phone: '08032230006', lga: 'Ikeja' },
        form: { ...COVID_CASE, date_of_onset: day(2), symptoms: ['cough'] },
        daysAgo: 1,
        stage: 'rejected',
      },
      {
        client: { first_name: 'Peter', last_name: 'Obi', sex: 'male', date_of_birth: '1999-12-01', phone: '08032230007', lga: 'Lagos Mainland' },
        form: { ...COVID_CASE, date_of_onset: day(1), symptoms: ['fever'] },
        daysAgo: 0,
        stage: 'collected',
      },
      {
        client: { first_name: 'Hadiza', last_name: 'Umar', sex: 'female', date_of_birth: '2005-03-08', phone: '08032230008', lga: 'Kosofe' },
        form: { ...COVID_CASE, date_of_onset: day(0), symptoms: ['sore_throat'] },
        daysAgo: 0,
        stage: 'ordered',
      },
    ],
  },
};

const STAGES: Stage[] = ['ordered', 'collected', 'received', 'entered', 'verified', 'approved', 'notified'];
const reached = (stage: Stage, step: Stage) => {
  if (stage === 'rejected') return step === 'ordered' || step === 'collected';
  if (stage === 'retest') return ['ordered', 'collected', 'received', 'entered'].includes(step);
  return STAGES.indexOf(stage) >= STAGES.indexOf(step);
};

/** Seed the Lassa and COVID-19 demo samples of one laboratory (each programme once). */
export async function seedPhDemoSamples(tx: Tx, facilityId: number, staff: PhDemoStaff, password: string): Promise<void> {
  const { receptionist, analyst, supervisor } = await principalsOf(tx, staff);
  const dataAnalyst = await principalOf(tx, staff.dataAnalyst);
  const typeIds = new Map((await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes)).map((s) => [s.name, s.id]));
  const [haemolysed] = await tx.select({ id: rejectionReasons.id }).from(rejectionReasons).where(eq(rejectionReasons.code, 'HAEM'));
  const [leaking] = await tx.select({ id: rejectionReasons.id }).from(rejectionReasons).where(eq(rejectionReasons.code, 'LEAK'));
  const lagosLgas = new Map(
    (await tx.select({ id: lgas.id, name: lgas.name }).from(lgas).innerJoin(states, eq(states.id, lgas.stateId)).where(eq(states.name, 'Lagos'))).map((l) => [
      l.name,
      l.id,
    ]),
  );
  const [lagos] = await tx.select({ id: states.id }).from(states).where(eq(states.name, 'Lagos'));
  const db = tx as unknown as Db;
  const now = Date.now();

  for (const [program, plan] of Object.entries(YABA_PH_SAMPLES)) {
    const row = await programToSeed(tx, facilityId, program);
    if (!row) continue;
    const tests = new Map(
      (await tx.select({ id: testTypes.id, code: testTypes.code }).from(testTypes).where(eq(testTypes.program, row.id))).map((t) => [t.code, t.id]),
    );
    const panel = tests.get(plan.test);
    if (panel == null) continue;
    const methods = await declaredMethods(tx);
    const toVerify: number[] = [];
    const toApprove: number[] = [];
    const toRetest: number[] = [];
    const toNotify: number[] = [];
    for (const demo of plan.cases) {
      const at = new Date(now - demo.daysAgo * 86_400_000 - 3_600_000);
      const clientId = await insertDemoClient(tx, facilityId, receptionist, demo.client, at, {
        stateId: lagos?.id ?? null,
        lgaId: lagosLgas.get(demo.client.lga) ?? null,
      });
      const placed = await createOrder(
        tx,
        receptionist,
        'public_health_sample',
        {
          client: clientId,
          program,
          test_types: [panel],
          form: demo.form,
          priority: demo.stage === 'entered' ? 'urgent' : 'routine',
          requesting_clinician: program === 'Lassa Fever' ? 'Dr Okonkwo (isolation ward)' : 'Dr Salami (COVID-19 triage)',
          clinical_notes: '',
        },
        { at },
      );
      const sample = placed.samples[0]!;
      if (!reached(demo.stage, 'collected')) continue;
      const sampleType = typeIds.get(PH_SPECIMEN_SAMPLE_TYPES[String(demo.form.specimen)] ?? '') ?? sample.sample_type ?? undefined;
      await moveSample(tx, receptionist, [program], sample.id, 'collect', {
        collected_at: new Date(Math.min(at.getTime() + 30 * 60_000, now)).toISOString(),
        sample_type: sampleType,
      });
      if (demo.stage === 'rejected') {
        const reason = program === 'Lassa Fever' ? haemolysed : leaking;
        if (reason) await moveSample(tx, receptionist, [program], sample.id, 'reject', { rejection_reason: reason.id, comment: 'A new sample was requested.' });
        continue;
      }
      if (!reached(demo.stage, 'received')) continue;
      await moveSample(tx, receptionist, [program], sample.id, 'accept', {});
      if (!reached(demo.stage, 'entered')) continue;
      // The run's outcome first: a NOT DETECTED closes the Ct members.
      const ordered = [...sample.tests].sort(
        (a, b) => Number(a.test_type !== tests.get(`${plan.test}-RESULT`)) - Number(b.test_type !== tests.get(`${plan.test}-RESULT`)),
      );
      for (const test of ordered) {
        const code = [...tests].find(([, id]) => id === test.test_type)?.[0];
        const value = code ? demo.results?.[code] : undefined;
        if (value === undefined) continue;
        const entered = await enterResult(tx, analyst, resultBody.parse({ test_order: test.id, value, method: methods.get(test.test_type) ?? null }));
        if (demo.stage === 'retest') toRetest.push(entered.id);
        if (reached(demo.stage, 'verified')) toVerify.push(entered.id);
        if (reached(demo.stage, 'approved')) toApprove.push(entered.id);
      }
      if (demo.stage === 'notified') toNotify.push(sample.id);
    }
    if (toRetest.length)
      await reviewResults(
        tx,
        supervisor,
        toRetest,
        'retest',
        await prepareReview(db, supervisor, 'retest', { retestReason: 'Inconclusive: one target late (Ct > 40); repeat the extraction.' }),
      );
    await reviewDemoResults(tx, supervisor, toVerify, toApprove, password);
    for (const id of toNotify)
      await markNotified(tx, dataAnalyst, id, { notified_to: 'LGA Disease Surveillance and Notification Officer, Ikeja', note: 'By telephone' });
  }
}
