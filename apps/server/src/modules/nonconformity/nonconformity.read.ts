import { NCR_CHANGE_FIELDS, type NcrChange, type NcrDetail, type NcrItem, ncrRisk, type ncrListQuery } from '@nlims/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { programsHeld } from '../../core/access.js';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { programs } from '../programs/programs.table.js';
import { sections } from '../reference/reference.table.js';
import { programIn } from '../samples/forms.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { type Principal, userName } from '../users/users.service.js';
import { users } from '../users/users.table.js';
import { ncrActions, ncrEvents, ncrReports, ncrSamples } from './nonconformity.table.js';
import { managesQuality, staffFacility, today } from './nonconformity.access.js';

/** Reading non-conformity reports: the list, one report whole, and what of it a caller outside a sample's programme is shown. */
type ListQuery = z.output<typeof ncrListQuery>;

const overdueActions = (report: SQL, on: string) =>
  sql<number>`(select count(*)::int from ${ncrActions} a where a.report_id = ${report} and a.completed_on is null and a.due_date < ${on}::date)`;
/** Columns named with their table, for correlated sub-queries (a one-table select leaves its columns unqualified). */
const REPORT_ID = sql.raw('"ncr_reports"."id"');
export const USER_ID = sql.raw('"users"."id"');

/**
 * Programme membership (DESIGN §3). A report is its facility's quality record, read by all its staff; the samples it
 * names are shown only to those holding a role in their programmes. Whoever holds none gets the report without that
 * sample, with its lab number (or barcode) blanked wherever the report's text quotes it, and may not correct the text.
 * `readable` below: the programmes the caller holds a role in.
 */
const NOT_SHOWN = '[not shown]';
/** The caller holds a role in the programme of the sample of alias `hs`. */
export const readsSample = (readable: readonly string[], alias = 'hs') => programIn(sql.raw(`${alias}.program_id`), readable);
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
export async function reportOf(tx: Tx, p: Principal, id: number, lock = false) {
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

export async function nameOf(db: Tx, id: number): Promise<string> {
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
