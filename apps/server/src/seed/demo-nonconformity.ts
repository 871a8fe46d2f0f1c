import type { NcrCreateBody } from '@nlims/contracts';
import { ncrCreateBody, ncrActionBody, ncrClassifyBody } from '@nlims/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../core/db.js';
import { addAction, classifyReport, closeReport, createReport, updateAction } from '../modules/nonconformity/nonconformity.service.js';
import { ncrReports } from '../modules/nonconformity/nonconformity.table.js';
import { sampleTypes } from '../modules/reference/reference.table.js';
import { samples } from '../modules/samples/samples.table.js';
import { users } from '../modules/users/users.table.js';
import { principalOf } from './demo-steps.js';

/**
 * A handful of non-conformity reports at Ikeja and at Yaba, one in each state: just reported, under investigation,
 * with an overdue action (the supervisor's badge), and closed with an effective action. They go through the service,
 * so their numbers, history and audit rows are the server's own.
 */

const DAY = 86_400_000;
type Stage = 'reported' | 'investigating' | 'action_planned' | 'closed';

interface DemoReport {
  stage: Stage;
  daysAgo: number;
  report: Omit<NcrCreateBody, 'event_date'>;
  /** Link the facility's most recent sample of one of these types (the one the report is about; a rejected one first). */
  sampleTypes?: string[];
  classify?: { category: string; type: string; qse: string; consequence: number; likelihood: number; root_cause: string };
  action?: { kind: 'immediate' | 'corrective' | 'preventive'; description: string; dueInDays: number };
}

const IKEJA: DemoReport[] = [
  {
    stage: 'reported',
    daysAgo: 1,
    // a lipid profile's sample
    sampleTypes: ['Serum', 'Plasma'],
    report: {
      title: 'Request form without the clinician’s signature',
      description: 'An outpatient request for a lipid profile arrived without the requesting clinician’s name or signature.',
      immediate_action: 'The ward was called and the form completed before testing.',
      severity: 'minor',
    },
  },
  {
    stage: 'investigating',
    daysAgo: 6,
    report: {
      title: 'Three haemolysed samples from the antenatal clinic',
      description: 'Three serum samples from the antenatal clinic were haemolysed on one morning; potassium could not be reported.',
      immediate_action: 'Samples rejected; new samples requested.',
      severity: 'major',
    },
    classify: { category: 'sample', type: 'sample_quality', qse: 'process_control', consequence: 2, likelihood: 2, root_cause: '' },
  },
  {
    stage: 'action_planned',
    daysAgo: 14,
    report: {
      title: 'Critical potassium not telephoned to the ward',
      description: 'A potassium of 6.9 mmol/L was released without the ward being called; the clinician found it on the next round.',
      immediate_action: 'The ward was called and the call recorded.',
      severity: 'critical',
    },
    classify: {
      category: 'post_analytical',
      type: 'critical_value_not_reported',
      qse: 'process_control',
      consequence: 3,
      likelihood: 2,
      root_cause: 'The critical-value list was not at the chemistry bench during the night shift.',
    },
    action: { kind: 'corrective', description: 'Post the critical-value list and the call log at the chemistry bench; brief the night shift.', dueInDays: -4 },
  },
  {
    stage: 'closed',
    daysAgo: 25,
    report: {
      title: 'Creatinine QC rejected (1-3s) on the chemistry analyser',
      description: 'The high control of creatinine was 3.4 SD above its mean; patients’ results were held.',
      immediate_action: 'Patient results held; the run repeated with a fresh control vial.',
      severity: 'major',
    },
    classify: {
      category: 'analysis',
      type: 'qc_failure',
      qse: 'equipment',
      consequence: 2,
      likelihood: 1,
      root_cause: 'The control vial had been open beyond its stability.',
    },
    action: { kind: 'corrective', description: 'Label control vials with the date opened and discard them after 7 days.', dueInDays: 7 },
  },
];

const YABA: DemoReport[] = [
  {
    stage: 'reported',
    daysAgo: 2,
    sampleTypes: ['Sputum'],
    report: {
      title: 'Sputum received in a leaking container',
      description: 'A referred sputum sample arrived with the container leaking into the transport bag.',
      immediate_action: 'Sample rejected; the referring facility asked for a new one; the bag decontaminated.',
      severity: 'major',
    },
  },
  {
    stage: 'investigating',
    daysAgo: 8,
    report: {
      title: 'GeneXpert module 3 error 5011',
      description: 'Module 3 stopped with error 5011 during two runs; the cartridges were lost.',
      immediate_action: 'Module disabled; the samples re-run on module 1.',
      severity: 'major',
    },
    classify: { category: 'analysis', type: 'equipment_malfunction', qse: 'equipment', consequence: 2, likelihood: 2, root_cause: '' },
  },
  {
    stage: 'action_planned',
    daysAgo: 16,
    report: {
      title: 'Viral-load results sent to the clinic a week late',
      description: 'A batch of viral-load results was released nine days after the samples were received, beyond the 7-day target.',
      immediate_action: 'The clinic was informed of the delay.',
      severity: 'minor',
    },
    classify: {
      category: 'post_analytical',
      type: 'report_delay',
      qse: 'process_control',
      consequence: 1,
      likelihood: 3,
      root_cause: 'Approvals waited for the only supervisor, who was on leave.',
    },
    action: { kind: 'preventive', description: 'Give a second supervisor the approval role for Viral Load.', dueInDays: -2 },
  },
  {
    stage: 'closed',
    daysAgo: 28,
    report: {
      title: 'DBS card labelled with another infant’s number',
      description: 'An EID dried blood spot card carried the HIV-exposed infant number of another child from the same clinic.',
      immediate_action: 'Sample rejected; the clinic collected a new card.',
      severity: 'critical',
    },
    classify: {
      category: 'sample',
      type: 'labelling_error',
      qse: 'process_control',
      consequence: 3,
      likelihood: 1,
      root_cause: 'Cards were pre-labelled in a batch before collection.',
    },
    action: { kind: 'corrective', description: 'Label each card at the infant’s side, after identification.', dueInDays: 10 },
  },
];

const iso = (date: Date) => date.toISOString().slice(0, 10);

async function seedFacilityReports(tx: Tx, facilityId: number, staff: { reporter: string; supervisor: string }, plan: DemoReport[]) {
  const [done] = await tx.select({ id: ncrReports.id }).from(ncrReports).where(eq(ncrReports.facilityId, facilityId)).limit(1);
  if (done) return;
  const reporter = await principalOf(tx, staff.reporter);
  const supervisor = await principalOf(tx, staff.supervisor);
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.username, staff.supervisor));
  const sampleOf = async (types: string[]) => {
    const [latest] = await tx
      .select({ id: samples.id })
      .from(samples)
      .innerJoin(sampleTypes, eq(sampleTypes.id, samples.sampleTypeId))
      .where(and(eq(samples.facilityId, facilityId), sql`${samples.status} <> 1`, inArray(sampleTypes.name, types)))
      .orderBy(desc(sql`${samples.status} = 4`), desc(samples.createdAt))
      .limit(1);
    return latest;
  };
  const now = Date.now();
  for (const item of plan) {
    const at = new Date(now - item.daysAgo * DAY);
    const sample = item.sampleTypes ? await sampleOf(item.sampleTypes) : undefined;
    const body = ncrCreateBody.parse({ ...item.report, event_date: iso(at), samples: sample ? [{ sample: sample.id }] : [] });
    const made = await createReport(tx, reporter, body, at);
    if (item.stage === 'reported' || !item.classify) continue;
    const later = new Date(at.getTime() + DAY);
    await classifyReport(tx, supervisor, made.id, ncrClassifyBody.parse(item.classify), later);
    if (item.stage === 'investigating' || !item.action) continue;
    const planned = await addAction(
      tx,
      supervisor,
      made.id,
      ncrActionBody.parse({
        kind: item.action.kind,
        description: item.action.description,
        responsible: owner!.id,
        due_date: iso(new Date((item.stage === 'closed' ? later.getTime() : now) + item.action.dueInDays * DAY)),
      }),
      later,
    );
    if (item.stage === 'action_planned') continue;
    const actionId = planned.actions[0]!.id;
    const doneOn = new Date(later.getTime() + 5 * DAY);
    await updateAction(tx, supervisor, made.id, actionId, { completed_on: iso(doneOn) }, doneOn);
    const reviewed = new Date(doneOn.getTime() + 10 * DAY);
    await updateAction(tx, supervisor, made.id, actionId, { effective: true, review_note: 'No recurrence in the ten days since.' }, reviewed);
    await closeReport(tx, supervisor, made.id, 'Checked at the bench; no recurrence since the action.', reviewed);
  }
}

export async function seedNonConformityDemo(tx: Tx, ids: { ikeja: number; yaba: number }): Promise<void> {
  await seedFacilityReports(tx, ids.ikeja, { reporter: 'clin_receptionist', supervisor: 'clin_supervisor' }, IKEJA);
  await seedFacilityReports(tx, ids.yaba, { reporter: 'ph_receptionist', supervisor: 'ph_supervisor' }, YABA);
}
