import {
  NCR_CHANGE_FIELDS,
  NCR_MANAGER_ROLES,
  NCR_SEVERITIES,
  NCR_STATES,
  NCR_TYPES,
  type NcrChange,
  type NcrDetail,
  type NcrDraft,
  type NcrItem,
  type NcrSource,
  type NcrState,
  type NcrSummary,
  type NcrType,
  ncrRisk,
  type ncrActionBody,
  type ncrActionUpdateBody,
  type ncrClassifyBody,
  type ncrCreateBody,
  type ncrDraftQuery,
  type ncrListQuery,
  type ncrSummaryQuery,
  type ncrUpdateBody,
  SAMPLE_STATUS,
} from '@nlims/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { programsHeld } from '../../core/access.js';
import { type Db, nextYearlyNumber, rowsOf, type Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { recordAudits } from '../audit/audit.service.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { rejectionReasons, sections } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { type Principal, staffFacilityOf } from '../users/principal.js';
import { userName } from '../users/user-name.js';
import { users } from '../users/users.table.js';
import { ncrActions, ncrEvents, ncrReports, ncrSamples } from './nonconformity.table.js';
import { lagosToday } from '../analytics/kit/period.js';

type CreateBody = z.output<typeof ncrCreateBody>;
type UpdateBody = z.output<typeof ncrUpdateBody>;
type ClassifyBody = z.output<typeof ncrClassifyBody>;
type ActionBody = z.output<typeof ncrActionBody>;
type ActionUpdateBody = z.output<typeof ncrActionUpdateBody>;
type ListQuery = z.output<typeof ncrListQuery>;

/** A facility's staff member (any role); the super admin and the tier users report none and read none. */
export const staffFacility = (p: Principal): number => staffFacilityOf(p, 'Non-conformity reports are kept by a facility’s staff.');

/** Classifies, plans and reviews actions, closes: a supervisor, manager or administrator in any programme of the facility. */
export const managesQuality = (p: Principal): boolean => !p.isSuperuser && p.facilityId != null && p.roles.some((r) => NCR_MANAGER_ROLES.includes(r.role));

export function requireManager(p: Principal): void {
  if (!managesQuality(p)) throw forbidden('Only a supervisor, manager or administrator may do this.');
}

/** Today in Lagos: a date typed on the page is the laboratory's day, not UTC's. */
const today = (now: Date) => lagosToday(now);
const overdueActions = (report: SQL, on: string) =>
  sql<number>`(select count(*)::int from ${ncrActions} a where a.report_id = ${report} and a.completed_on is null and a.due_date < ${on}::date)`;
/** Columns named with their table, for correlated sub-queries (a one-table select leaves its columns unqualified). */
const REPORT_ID = sql.raw('"ncr_reports"."id"');
const USER_ID = sql.raw('"users"."id"');

/**
 * Programme membership (DESIGN §3). A report is its facility's quality record, read by all its staff; the samples it
 * names are shown only to those holding a role in their programmes. Whoever holds none gets the report without that
 * sample, with its lab number (or barcode) blanked wherever the report's text quotes it, and may not correct the text.
 * `readable` below: the programmes the caller holds a role in.
 */
const NOT_SHOWN = '[not shown]';
/** The caller holds a role in the programme of the sample of alias `hs`. */
const readsSample = (readable: readonly string[], alias = 'hs') => programIn(sql.raw(`${alias}.program_id`), readable);
/** The report names a sample of a programme the caller holds no role in. */
const namesUnread = (report: SQL, readable: readonly string[]) =>
  sql<boolean>`exists (select 1 from ${ncrSamples} hn join ${samples} hs on hs.id = hn.sample_id where hn.report_id = ${report} and not (${readsSample(readable)}))`;
/**
 * A report's text as the caller sees it: each lab number (and barcode) of a sample it names in a programme the caller
 * holds no role in, blanked — in SQL, so that a search matches what the caller is shown, never what is blanked.
 */
const seen = (text: SQL, report: SQL, readable: readonly string[]) =>
  sql<string>`coalesce((select regexp_replace(${text}, string_agg(regexp_replace(ho.lab_number, '([^A-Za-z0-9])', ${String.raw`\\\1`}, 'g') || '(-[0-9]+)?', '|'), ${NOT_SHOWN}, 'gi')
    from ${ncrSamples} hn join ${samples} hs on hs.id = hn.sample_id join ${orders} ho on ho.id = hs.order_id
    where hn.report_id = ${report} and not (${readsSample(readable)})), ${text})`;
const reportColumn = (name: string) => sql.raw(`"ncr_reports"."${name}"`);
const labNumbers = (readable: readonly string[]) =>
  sql<
    string[]
  >`coalesce((select array_agg(distinct s.barcode order by s.barcode) from ${ncrSamples} ns join ${samples} s on s.id = ns.sample_id where ns.report_id = ${REPORT_ID} and ${readsSample(readable, 's')}), '{}')`;

function itemColumns(on: string, readable: readonly string[]) {
  return {
    id: ncrReports.id,
    number: ncrReports.number,
    title: seen(reportColumn('title'), REPORT_ID, readable),
    event_date: sql<string>`${ncrReports.eventDate}::text`,
    reported_at: sql<string>`${ncrReports.reportedAt}`,
    reported_by: userName(ncrReports.reportedBy),
    section: ncrReports.sectionId,
    section_name: sql<string | null>`(select x.name from ${sections} x where x.id = ${ncrReports.sectionId})`,
    severity: ncrReports.severity,
    state: ncrReports.state,
    category: ncrReports.category,
    type: ncrReports.type,
    consequence: ncrReports.consequence,
    likelihood: ncrReports.likelihood,
    source: ncrReports.source,
    lab_numbers: labNumbers(readable),
    overdue_actions: overdueActions(REPORT_ID, on),
    closed_at: sql<string | null>`${ncrReports.closedAt}`,
  };
}
type ItemRow = { [K in keyof ReturnType<typeof itemColumns>]: unknown };

function toItem(row: ItemRow): NcrItem {
  const r = row as Record<string, unknown>;
  return {
    id: r.id as number,
    number: r.number as string,
    title: r.title as string,
    event_date: r.event_date as string,
    reported_at: iso(r.reported_at)!,
    reported_by: (r.reported_by as string) ?? '',
    section: (r.section as number | null) ?? null,
    section_name: (r.section_name as string | null) ?? null,
    severity: r.severity as NcrItem['severity'],
    state: r.state as NcrItem['state'],
    category: (r.category as NcrItem['category']) ?? null,
    type: (r.type as string | null) ?? null,
    risk: ncrRisk(r.consequence as number | null, r.likelihood as number | null),
    source: r.source as NcrItem['source'],
    lab_numbers: (r.lab_numbers as string[]) ?? [],
    overdue_actions: Number(r.overdue_actions ?? 0),
    closed_at: iso(r.closed_at),
  };
}

/** The facility's reports, newest event first, with the list's filters. */
export async function listReports(db: Db, p: Principal, q: ListQuery, now = new Date()) {
  const facility = staffFacility(p);
  const readable = programsHeld(p);
  const on = today(now);
  const where: SQL[] = [eq(ncrReports.facilityId, facility)];
  if (q.state) where.push(eq(ncrReports.state, q.state));
  if (q.severity) where.push(eq(ncrReports.severity, q.severity));
  if (q.type) where.push(eq(ncrReports.type, q.type));
  if (q.section) where.push(eq(ncrReports.sectionId, q.section));
  if (q.start_date) where.push(sql`${ncrReports.eventDate} >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`${ncrReports.eventDate} <= ${q.end_date}::date`);
  if (q.overdue === '1') where.push(sql`${overdueActions(REPORT_ID, on)} > 0`);
  if (q.search) {
    const like = likeTerm(q.search);
    where.push(
      sql`(${seen(reportColumn('title'), REPORT_ID, readable)} ilike ${like} or ${ncrReports.number} ilike ${like} or exists (select 1 from ${ncrSamples} ns join ${samples} s on s.id = ns.sample_id where ns.report_id = ${REPORT_ID} and ${readsSample(readable, 's')} and s.barcode ilike ${like}))`,
    );
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns(on, readable))
      .from(ncrReports)
      .where(condition)
      .orderBy(desc(ncrReports.eventDate), desc(ncrReports.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ count: sql<number>`count(*)::int` }).from(ncrReports).where(condition),
  ]);
  const count = total?.count ?? 0;
  const link = (page: number) => `?${new URLSearchParams({ ...stringQuery(q), page: String(page) })}`;
  return {
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results: rows.map(toItem),
  };
}

const stringQuery = (q: ListQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v == null || v === '' ? [] : [[k, String(v)]])));

/** The sources whose `source_ref` is a sample or a result. */
const SAMPLE_SOURCES: readonly string[] = ['sample_rejected', 'referral_rejected', 'result_amended'];

/** The report names a sample of a programme the caller holds no role in (its attachments, too, are then not the caller's). */
export async function reportNamesUnseenSample(db: Tx, p: Principal, id: number): Promise<boolean> {
  const [row] = rowsOf<{ hides: boolean }>(await db.execute(sql`select ${namesUnread(sql`${id}::int`, programsHeld(p))} as hides`));
  return row?.hides === true;
}

/** A report of the caller's facility, locked for a change when `lock` is set; another facility's is not found. */
async function reportOf(tx: Tx, p: Principal, id: number, lock = false) {
  const facility = staffFacility(p);
  const query = tx
    .select()
    .from(ncrReports)
    .where(and(eq(ncrReports.id, id), eq(ncrReports.facilityId, facility)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** One report with its samples, actions and history, and what the caller may do with it now. */
export async function getReport(db: Tx, p: Principal, id: number, now = new Date()): Promise<NcrDetail> {
  const report = await reportOf(db, p, id);
  const readable = programsHeld(p);
  const on = today(now);
  const actionReport = sql.raw('"ncr_actions"."report_id"');
  const [[item], linked, actions, history] = await Promise.all([
    db
      .select({
        ...itemColumns(on, readable),
        hides: namesUnread(REPORT_ID, readable),
        description: seen(reportColumn('description'), REPORT_ID, readable),
        immediate_action: seen(reportColumn('immediate_action'), REPORT_ID, readable),
        suspected_cause: seen(reportColumn('suspected_cause'), REPORT_ID, readable),
        root_cause: seen(reportColumn('root_cause'), REPORT_ID, readable),
        effectiveness_check: seen(reportColumn('effectiveness_check'), REPORT_ID, readable),
      })
      .from(ncrReports)
      .where(eq(ncrReports.id, id)),
    db
      .select({ id: samples.id, barcode: samples.barcode, program: programs.name, test: testOrders.id, test_name: testTypes.name })
      .from(ncrSamples)
      .innerJoin(samples, eq(samples.id, ncrSamples.sampleId))
      .innerJoin(programs, eq(programs.id, samples.programId))
      .leftJoin(testOrders, eq(testOrders.id, ncrSamples.testOrderId))
      .leftJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
      .where(and(eq(ncrSamples.reportId, id), programIn(samples.programId, readable)))
      .orderBy(asc(samples.barcode), asc(ncrSamples.id)),
    db
      .select({
        id: ncrActions.id,
        kind: ncrActions.kind,
        description: seen(sql.raw('"ncr_actions"."description"'), actionReport, readable),
        responsible: ncrActions.responsibleId,
        responsible_name: userName(ncrActions.responsibleId),
        due_date: sql<string>`${ncrActions.dueDate}::text`,
        completed_on: sql<string | null>`${ncrActions.completedOn}::text`,
        effective: ncrActions.effective,
        review_note: seen(sql.raw('"ncr_actions"."review_note"'), actionReport, readable),
        reviewed_by: sql<string | null>`case when ${ncrActions.reviewedBy} is null then null else ${userName(ncrActions.reviewedBy)} end`,
        reviewed_at: ncrActions.reviewedAt,
        created_at: ncrActions.createdAt,
      })
      .from(ncrActions)
      .where(eq(ncrActions.reportId, id))
      .orderBy(asc(ncrActions.id)),
    db
      .select({
        at: ncrEvents.at,
        by: userName(ncrEvents.byUserId),
        action: ncrEvents.action,
        from_state: ncrEvents.fromState,
        to_state: ncrEvents.toState,
        detail: seen(sql.raw('"ncr_events"."detail"::text'), sql.raw('"ncr_events"."report_id"'), readable),
      })
      .from(ncrEvents)
      .where(eq(ncrEvents.reportId, id))
      .orderBy(asc(ncrEvents.at), asc(ncrEvents.id)),
  ]);
  const samplesOf = new Map<number, NcrDetail['samples'][number]>();
  for (const row of linked) {
    const entry = samplesOf.get(row.id) ?? { id: row.id, barcode: row.barcode, program: row.program, tests: [] };
    if (row.test != null) entry.tests.push({ id: row.test, name: row.test_name ?? '' });
    samplesOf.set(row.id, entry);
  }
  const manager = managesQuality(p);
  const open = report.state !== 'closed';
  const shown = item!;
  return {
    ...toItem(shown as ItemRow),
    description: shown.description,
    immediate_action: shown.immediate_action,
    suspected_cause: shown.suspected_cause,
    root_cause: shown.root_cause,
    qse: report.qse as NcrDetail['qse'],
    consequence: report.consequence,
    likelihood: report.likelihood,
    // The event a report was drafted from is a sample's or a result's: not named to whoever holds no role in its programme.
    source_ref: shown.hides && SAMPLE_SOURCES.includes(report.source) ? null : report.sourceRef,
    samples: [...samplesOf.values()],
    actions: actions.map((a) => ({
      ...a,
      responsible_name: a.responsible_name ?? '',
      kind: a.kind as NcrDetail['actions'][number]['kind'],
      reviewed_at: iso(a.reviewed_at),
      created_at: iso(a.created_at)!,
      overdue: a.completed_on == null && a.due_date < on,
    })),
    history: history.map((h) => ({
      at: iso(h.at)!,
      by: h.by ?? '',
      action: h.action,
      from_state: h.from_state,
      to_state: h.to_state,
      changes: changesOf(JSON.parse(h.detail) as Record<string, unknown>),
    })),
    classified_by: report.classifiedBy == null ? null : await nameOf(db, report.classifiedBy),
    classified_at: iso(report.classifiedAt),
    effectiveness_check: shown.effectiveness_check,
    closed_by: report.closedBy == null ? null : await nameOf(db, report.closedBy),
    can: {
      edit: open && !shown.hides && (manager || (report.state === 'reported' && report.reportedBy === p.id)),
      classify: open && manager,
      act: open && manager && report.state !== 'reported',
      close: manager && report.state === 'action_planned',
    },
  };
}

async function nameOf(db: Tx, id: number): Promise<string> {
  const [row] = await db
    .select({ name: userName(USER_ID) })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? '';
}

/**
 * A history entry's detail as the fields it changed, codes kept (the page words them): empty values left out, the
 * closer's signature (recorded as the username, as the audit trail has it) given as signed, never as a username.
 */
export function changesOf(detail: Record<string, unknown>): NcrChange[] {
  // in the fields' own order (the stored detail is jsonb, whose keys come back by length)
  return NCR_CHANGE_FIELDS.flatMap((field): NcrChange[] => {
    const v = detail[field];
    if (v == null || v === '') return [];
    const value = field === 'signed' ? true : Array.isArray(v) ? v.map(String) : typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
    return [{ field, value }];
  });
}

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

type EventSource = Exclude<NcrSource, 'manual'>;

/** What is said when the record is there but the event a report would describe is not. */
const NOT_HAPPENED: Record<EventSource, string> = {
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
async function sourceEvent(db: Tx, facility: number, readable: readonly string[], source: EventSource, ref: number): Promise<boolean | undefined> {
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

/** The month's summary for a facility (or, for the super admin, every facility or one): counts only, never the text. */
export async function summary(db: Db, p: Principal, q: z.output<typeof ncrSummaryQuery>, now = new Date()): Promise<NcrSummary> {
  let facility: number | null;
  if (p.isSuperuser) facility = q.facility ?? null;
  else {
    facility = staffFacility(p);
    if (q.facility != null && q.facility !== facility) throw notFound();
  }
  const start = `${q.month}-01`;
  const scope = facility == null ? sql`true` : sql`r.facility_id = ${facility}`;
  const inMonth = sql`r.event_date >= ${start}::date and r.event_date < (${start}::date + interval '1 month')`;
  const on = today(now);
  const [totals] = rowsOf<{ reported: number; closed: number; open: number; overdue: number; median: number | null }>(
    await db.execute(sql`
      select count(*) filter (where ${inMonth})::int as reported,
             count(*) filter (where r.closed_at >= ${start}::date and r.closed_at < (${start}::date + interval '1 month'))::int as closed,
             count(*) filter (where ${inMonth} and r.state <> 'closed')::int as open,
             (select count(*)::int from ${ncrActions} a join ${ncrReports} r2 on r2.id = a.report_id
               where ${facility == null ? sql`true` : sql`r2.facility_id = ${facility}`} and a.completed_on is null and a.due_date < ${on}::date) as overdue,
             percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.reported_at) / 86400)
               filter (where r.closed_at >= ${start}::date and r.closed_at < (${start}::date + interval '1 month')) as median
      from ${ncrReports} r where ${scope}`),
  );
  const grouped = async (column: string) =>
    rowsOf<{ key: string | null; count: number }>(
      await db.execute(
        sql`select ${sql.raw(`r.${column}`)} as key, count(*)::int as count from ${ncrReports} r where ${scope} and ${inMonth} group by 1 order by 2 desc, 1`,
      ),
    );
  const [byType, bySeverity, byState] = await Promise.all([grouped('type'), grouped('severity'), grouped('state')]);
  const [name] = facility == null ? [] : await db.select({ name: facilities.facilityName }).from(facilities).where(eq(facilities.id, facility));
  return {
    month: q.month,
    facility_name: name?.name ?? null,
    reported: totals?.reported ?? 0,
    closed: totals?.closed ?? 0,
    open: totals?.open ?? 0,
    overdue_actions: totals?.overdue ?? 0,
    median_days_to_close: totals?.median == null ? null : Math.round(Number(totals.median) * 10) / 10,
    by_type: byType.map((r) => ({ type: r.key, count: r.count })),
    by_severity: NCR_SEVERITIES.map((severity) => ({ severity, count: bySeverity.find((r) => r.key === severity)?.count ?? 0 })),
    by_state: NCR_STATES.map((state) => ({ state, count: byState.find((r) => r.key === state)?.count ?? 0 })),
  };
}

/** The sidebar's counts: open reports, and open actions past their due date (for those who manage them). */
export async function counts(db: Db, p: Principal, now = new Date()) {
  const facility = staffFacility(p);
  const [row] = rowsOf<{ open: number; overdue: number }>(
    await db.execute(sql`
      select (select count(*)::int from ${ncrReports} r where r.facility_id = ${facility} and r.state <> 'closed') as open,
             (select count(*)::int from ${ncrActions} a join ${ncrReports} r on r.id = a.report_id
               where r.facility_id = ${facility} and r.state <> 'closed' and a.completed_on is null and a.due_date < ${today(now)}::date) as overdue`),
  );
  return { open: row?.open ?? 0, overdue_actions: row?.overdue ?? 0 };
}

/** The facility's active users, who may be responsible for an action. */
export async function responsibles(db: Db, p: Principal) {
  const facility = staffFacility(p);
  return db
    .select({ id: users.id, name: userName(USER_ID) })
    .from(users)
    .where(and(eq(users.facilityId, facility), eq(users.isActive, true)))
    .orderBy(asc(users.username));
}
