import {
  NCR_TYPES,
  type NcrDetail,
  type NcrSource,
  type NcrState,
  ncrRisk,
  type ncrActionBody,
  type ncrActionUpdateBody,
  type ncrClassifyBody,
  type ncrCreateBody,
  type ncrUpdateBody,
} from '@nlims/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { programsHeld } from '../../core/access.js';
import { nextYearlyNumber, type Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { sections } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { samples, testOrders } from '../samples/samples.table.js';
import type { Principal } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { ncrActions, ncrEvents, ncrReports, ncrSamples } from './nonconformity.table.js';
import { managesQuality, requireManager, staffFacility, today } from './nonconformity.access.js';
import { NOT_HAPPENED, sourceEvent } from './nonconformity.draft.js';
import { getReport, nameOf, reportNamesUnseenSample, reportOf } from './nonconformity.read.js';

/** The moves of a non-conformity report (report, correct, classify, plan and review actions, close), each with its history row and audit row. */
type CreateBody = z.output<typeof ncrCreateBody>;
type UpdateBody = z.output<typeof ncrUpdateBody>;
type ClassifyBody = z.output<typeof ncrClassifyBody>;
type ActionBody = z.output<typeof ncrActionBody>;
type ActionUpdateBody = z.output<typeof ncrActionUpdateBody>;

/** The linked samples must be the facility's; a named test must be one of its sample's. */
async function checkSamples(
  tx: Tx,
  facility: number,
  readable: readonly string[],
  linked: CreateBody['samples'],
): Promise<{ sampleId: number; testOrderId: number | null }[]> {
  if (!linked.length) return [];
  const ids = [...new Set(linked.map((s) => s.sample))];
  // A sample of a programme the caller holds no role in is not there for it.
  const found = await tx
    .select({ id: samples.id })
    .from(samples)
    .where(and(inArray(samples.id, ids), eq(samples.facilityId, facility), programIn(samples.programId, readable)));
  const missing = ids.find((id) => !found.some((f) => f.id === id));
  if (missing !== undefined) throw ValidationError.field('samples', `Invalid pk "${missing}" - object does not exist.`);
  const testIds = [...new Set(linked.flatMap((s) => s.tests))];
  const tests = testIds.length
    ? await tx.select({ id: testOrders.id, sample: testOrders.sampleId }).from(testOrders).where(inArray(testOrders.id, testIds))
    : [];
  const rows: { sampleId: number; testOrderId: number | null }[] = [];
  for (const s of linked) {
    for (const test of s.tests) {
      if (!tests.some((t) => t.id === test && t.sample === s.sample))
        throw ValidationError.field('samples', `Test ${test} is not a test of sample ${s.sample}.`);
    }
    if (s.tests.length) rows.push(...[...new Set(s.tests)].map((test) => ({ sampleId: s.sample, testOrderId: test })));
    else rows.push({ sampleId: s.sample, testOrderId: null });
  }
  return rows.filter((row, i) => rows.findIndex((o) => o.sampleId === row.sampleId && o.testOrderId === row.testOrderId) === i);
}

/** The day the event happened is a laboratory's day, never after today in Lagos. */
function checkEventDate(eventDate: string | undefined, now: Date): void {
  if (eventDate && eventDate > today(now)) throw ValidationError.field('event_date', 'The event date cannot be in the future.');
}

async function checkSection(tx: Tx, section: number | null | undefined): Promise<void> {
  if (section == null) return;
  const [row] = await tx.select({ id: sections.id }).from(sections).where(eq(sections.id, section));
  if (!row) throw ValidationError.field('section', `Invalid pk "${section}" - object does not exist.`);
}

async function event(
  tx: Tx,
  p: Principal,
  reportId: number,
  action: string,
  change: { from?: NcrState | null; to?: NcrState | null; detail?: Record<string, unknown> },
  now: Date,
) {
  await tx.insert(ncrEvents).values({
    reportId,
    at: now,
    byUserId: p.id,
    action,
    fromState: change.from ?? null,
    toState: change.to ?? null,
    detail: change.detail ?? {},
  });
  await recordAudits(tx, { id: p.id, username: p.username, facilityId: p.facilityId }, [
    { action: `ncr.${action}`, entity: 'ncr', entityId: String(reportId), reason: change.to ?? null, after: change.detail ?? null, at: now },
  ]);
}

/** Report a non-conformity: numbered NCR-YYYY-NNNNN per facility and year, with its samples, history and audit row. */
export async function createReport(tx: Tx, p: Principal, body: CreateBody, now = new Date()): Promise<NcrDetail> {
  const facility = staffFacility(p);
  checkEventDate(body.event_date, now);
  await checkSection(tx, body.section);
  const linked = await checkSamples(tx, facility, programsHeld(p), body.samples);
  await checkSource(tx, facility, programsHeld(p), body.source, body.source_ref);
  const number = await nextYearlyNumber(
    tx,
    { code: 'NCR', lock: 140, table: ncrReports, number: ncrReports.number, facility: ncrReports.facilityId, digits: 5 },
    facility,
    now,
  );
  const type = body.type;
  const [made] = await tx
    .insert(ncrReports)
    .values({
      facilityId: facility,
      number,
      title: body.title,
      eventDate: body.event_date,
      description: body.description,
      immediateAction: body.immediate_action,
      suspectedCause: body.suspected_cause,
      sectionId: body.section,
      severity: body.severity,
      state: 'reported',
      source: body.source,
      sourceRef: body.source_ref,
      type,
      category: type ? NCR_TYPES[type] : null,
      reportedBy: p.id,
      reportedAt: now,
      updatedAt: now,
    })
    .returning({ id: ncrReports.id });
  const id = made!.id;
  if (linked.length) await tx.insert(ncrSamples).values(linked.map((row) => ({ reportId: id, ...row })));
  await event(tx, p, id, 'reported', { to: 'reported', detail: { number, severity: body.severity, source: body.source } }, now);
  return getReport(tx, p, id, now);
}

/** Correct what was reported: its reporter while it is only reported, a manager while it is open. */
export async function updateReport(tx: Tx, p: Principal, id: number, body: UpdateBody, now = new Date()): Promise<NcrDetail> {
  const report = await reportOf(tx, p, id, true);
  if (report.state === 'closed') throw conflict('A closed report cannot be changed.');
  if (!managesQuality(p) && !(report.state === 'reported' && report.reportedBy === p.id))
    throw forbidden('Only its reporter (before investigation) or a supervisor may change this report.');
  if (await reportNamesUnseenSample(tx, p, id)) throw forbidden('This report names a sample of a programme you hold no role in: its staff correct it.');
  checkEventDate(body.event_date, now);
  await checkSection(tx, body.section);
  const changes = {
    title: body.title,
    eventDate: body.event_date,
    description: body.description,
    immediateAction: body.immediate_action,
    suspectedCause: body.suspected_cause,
    sectionId: body.section,
    severity: body.severity,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) {
    await tx
      .update(ncrReports)
      .set({ ...set, updatedAt: now })
      .where(eq(ncrReports.id, id));
    await event(tx, p, id, 'edited', { detail: { fields: Object.keys(body).filter((k) => body[k as keyof UpdateBody] !== undefined) } }, now);
  }
  return getReport(tx, p, id, now);
}

/** Classify at investigation: category, type, quality-system essential and risk; a reported report moves to investigating. */
export async function classifyReport(tx: Tx, p: Principal, id: number, body: ClassifyBody, now = new Date()): Promise<NcrDetail> {
  requireManager(p);
  const report = await reportOf(tx, p, id, true);
  if (report.state === 'closed') throw conflict('A closed report cannot be classified again.');
  if (NCR_TYPES[body.type] !== body.category && body.type !== 'other')
    throw ValidationError.field('type', `This type belongs to the category ${NCR_TYPES[body.type].replace('_', '-')}.`);
  const to: NcrState = report.state === 'reported' ? 'investigating' : (report.state as NcrState);
  await tx
    .update(ncrReports)
    .set({
      category: body.category,
      type: body.type,
      qse: body.qse,
      consequence: body.consequence,
      likelihood: body.likelihood,
      rootCause: body.root_cause,
      state: to,
      classifiedBy: p.id,
      classifiedAt: now,
      updatedAt: now,
    })
    .where(eq(ncrReports.id, id));
  await event(
    tx,
    p,
    id,
    'classified',
    {
      from: report.state as NcrState,
      to,
      detail: { category: body.category, type: body.type, qse: body.qse, risk: ncrRisk(body.consequence, body.likelihood) },
    },
    now,
  );
  return getReport(tx, p, id, now);
}

async function checkResponsible(tx: Tx, facility: number, userId: number): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.facilityId, facility), eq(users.isActive, true)));
  if (!row) throw ValidationError.field('responsible', 'Choose an active user of your facility.');
}

/** Plan an action (immediate, corrective, preventive) with its owner and due date; the report moves to action planned. */
export async function addAction(tx: Tx, p: Principal, id: number, body: ActionBody, now = new Date()): Promise<NcrDetail> {
  requireManager(p);
  const report = await reportOf(tx, p, id, true);
  if (report.state === 'closed') throw conflict('A closed report takes no new action.');
  if (report.state === 'reported') throw conflict('Classify the report before planning its actions.');
  await checkResponsible(tx, report.facilityId, body.responsible);
  const [made] = await tx
    .insert(ncrActions)
    .values({
      reportId: id,
      kind: body.kind,
      description: body.description,
      responsibleId: body.responsible,
      dueDate: body.due_date,
      createdBy: p.id,
      createdAt: now,
    })
    .returning({ id: ncrActions.id });
  if (report.state === 'investigating') await tx.update(ncrReports).set({ state: 'action_planned', updatedAt: now }).where(eq(ncrReports.id, id));
  else await tx.update(ncrReports).set({ updatedAt: now }).where(eq(ncrReports.id, id));
  await event(
    tx,
    p,
    id,
    'action_added',
    {
      from: report.state as NcrState,
      to: 'action_planned',
      detail: { action: made!.id, kind: body.kind, due_date: body.due_date, responsible: await nameOf(tx, body.responsible) },
    },
    now,
  );
  return getReport(tx, p, id, now);
}

/** Record an action done (its owner or a manager), and review whether it proved effective (a manager). */
export async function updateAction(tx: Tx, p: Principal, id: number, actionId: number, body: ActionUpdateBody, now = new Date()): Promise<NcrDetail> {
  const report = await reportOf(tx, p, id, true);
  if (report.state === 'closed') throw conflict('The actions of a closed report cannot be changed.');
  const [action] = await tx
    .select()
    .from(ncrActions)
    .where(and(eq(ncrActions.id, actionId), eq(ncrActions.reportId, id)));
  if (!action) throw notFound();
  const manager = managesQuality(p);
  const reviewing = body.effective !== undefined || body.review_note !== undefined;
  if (reviewing && !manager) throw forbidden('Only a supervisor, manager or administrator reviews an action.');
  if (body.completed_on !== undefined && !manager && action.responsibleId !== p.id)
    throw forbidden('Only the person responsible or a supervisor records an action done.');
  if (body.completed_on && body.completed_on > today(now)) throw ValidationError.field('completed_on', 'An action cannot be completed in the future.');
  const completedOn = body.completed_on === undefined ? action.completedOn : body.completed_on;
  if (body.effective != null && !completedOn) throw ValidationError.field('effective', 'Record the action done before reviewing whether it was effective.');
  await tx
    .update(ncrActions)
    .set({
      ...(body.completed_on !== undefined ? { completedOn: body.completed_on } : {}),
      ...(body.review_note !== undefined ? { reviewNote: body.review_note } : {}),
      ...(body.effective !== undefined
        ? { effective: body.effective, reviewedBy: body.effective == null ? null : p.id, reviewedAt: body.effective == null ? null : now }
        : {}),
    })
    .where(eq(ncrActions.id, actionId));
  await tx.update(ncrReports).set({ updatedAt: now }).where(eq(ncrReports.id, id));
  await event(
    tx,
    p,
    id,
    reviewing ? 'action_reviewed' : 'action_updated',
    { detail: { action: actionId, completed_on: body.completed_on, effective: body.effective, review_note: body.review_note } },
    now,
  );
  return getReport(tx, p, id, now);
}

/**
 * Close a report: every action done and reviewed, at least one proved effective, the effectiveness check written,
 * and the closer's signature (their password, checked before this transaction by the route).
 */
export async function closeReport(tx: Tx, p: Principal, id: number, effectivenessCheck: string, now = new Date()): Promise<NcrDetail> {
  requireManager(p);
  const report = await reportOf(tx, p, id, true);
  if (report.state === 'closed') throw conflict('This report is already closed.');
  if (report.state !== 'action_planned') throw conflict('Plan and review an action before closing the report.');
  const actions = await tx.select().from(ncrActions).where(eq(ncrActions.reportId, id));
  if (actions.some((a) => !a.completedOn)) throw conflict('Every action must be done before the report is closed.');
  if (actions.some((a) => a.effective == null)) throw conflict('Review every action (effective or not) before closing the report.');
  if (!actions.some((a) => a.effective)) throw conflict('No action has proved effective yet: plan another before closing.');
  await tx
    .update(ncrReports)
    .set({ state: 'closed', effectivenessCheck, closedBy: p.id, closedAt: now, updatedAt: now })
    .where(and(eq(ncrReports.id, id), eq(ncrReports.state, 'action_planned')));
  await event(tx, p, id, 'closed', { from: 'action_planned', to: 'closed', detail: { signed: p.username } }, now);
  return getReport(tx, p, id, now);
}

/** A report raised from an event names it, and the event happened; one written by hand names none. */
async function checkSource(tx: Tx, facility: number, readable: readonly string[], source: NcrSource, ref: number | null): Promise<void> {
  if (source === 'manual') {
    if (ref != null) throw ValidationError.field('source_ref', 'A report written by hand names no source record: leave this field empty.');
    return;
  }
  if (ref == null) throw ValidationError.field('source_ref', 'This field is required.');
  const happened = await sourceEvent(tx, facility, readable, source, ref);
  if (happened === undefined) throw ValidationError.field('source_ref', `Invalid pk "${ref}" - object does not exist.`);
  if (!happened) throw ValidationError.field('source_ref', NOT_HAPPENED[source]);
}
