import {
  defaultNotificationContent,
  type DeliveryReportBody,
  type NotificationSettingBody,
  type NotificationSettingItem,
  type OutboxHidden,
  type OutboxItem,
  type OutboxListQuery,
  type OutboxPage,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { mayIn } from '../../core/access.js';
import { rowsOf, type Tx } from '../../core/db.js';
import { conflict, forbidden, notFound, ValidationError } from '../../core/errors.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { facilityPrograms } from '../facilities/facilities.table.js';
import { isFacilityAdminPrincipal, type Principal, staffFacilityOf, userName } from '../users/users.service.js';
import { maskAddress, maskIn } from './notifications.mask.js';
import { notificationOutbox, notificationSettings } from './notifications.table.js';
import { heldInvoiceSql } from './notifications.payment-hold.js';

/**
 * The notifications service, the one entry other modules and the seed use: the outbox and the settings here, the
 * messages a result raises (notifications.enqueue.ts) and the critical alerts (notifications.critical.ts).
 */
export { acknowledgeCritical, listCriticalAlerts } from './notifications.critical.js';
export { notifyApproved, raiseCriticalAlerts } from './notifications.enqueue.js';

/** The facility whose outbox and settings the caller keeps: its administrator's only. */
export function notificationAdmin(p: Principal): number {
  const facility = staffFacilityOf(p, 'Notifications are kept by a facility’s administrator.');
  if (!isFacilityAdminPrincipal(p)) throw forbidden('Only the facility’s administrator sees the outbox and changes what messages say.');
  return facility;
}

interface OutboxRow {
  id: number;
  event: OutboxItem['event'];
  recipient_kind: OutboxItem['recipient_kind'];
  channel: OutboxItem['channel'];
  address: string;
  language: string;
  subject: string;
  body: string;
  status: OutboxItem['status'];
  attempts: number;
  last_error: string;
  held_invoice: string | null;
  program: string | null;
  lab_number: string | null;
  sample: number | null;
  created_at: unknown;
  next_attempt_at: unknown;
  sent_at: unknown;
  delivered_at: unknown;
  n: number;
}

/**
 * What the caller is shown of a programme's messages: everything where it may read the programme's results; where it
 * holds another role there (the administrator), the lab number but not the words or the full recipient; where it
 * holds no role, neither the lab number.
 */
function outboxSight(p: Principal) {
  const member = new Set(p.roles.map((r) => r.program));
  const reader = new Set([...member].filter((program) => mayIn(p, program, 'read') || mayIn(p, program, 'released')));
  const hidden = (program: string | null): OutboxHidden | null =>
    program == null || !member.has(program) ? 'programme' : reader.has(program) ? null : 'results';
  const among = (names: Set<string>) =>
    names.size
      ? sql`pr.name in (${sql.join(
          [...names].map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql`false`;
  return { hidden, member: among(member), reader: among(reader) };
}

function shownItem(r: Omit<OutboxRow, 'n'>, hidden: OutboxHidden | null): OutboxItem {
  const base = {
    ...r,
    hidden,
    held: r.held_invoice != null,
    created_at: iso(r.created_at)!,
    next_attempt_at: iso(r.next_attempt_at)!,
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
  };
  if (!hidden) return base;
  const outside = hidden === 'programme';
  return {
    ...base,
    address: maskAddress(r.address),
    last_error: maskIn(r.last_error, r.address),
    subject: null,
    body: null,
    lab_number: outside ? null : r.lab_number,
    sample: outside ? null : r.sample,
    held_invoice: outside ? null : r.held_invoice,
  };
}

/**
 * The facility's messages, newest first, with a status filter and a search by lab number or address — a lab number
 * only among the messages whose lab number the caller is shown, an address only among those whose recipient it is
 * (a match would tell whose it is).
 */
export async function listOutbox(
  db: Tx,
  p: Principal,
  q: OutboxListQuery,
  providers: { sms: boolean; email: boolean },
  link: (page: number) => string,
): Promise<OutboxPage> {
  const facility = notificationAdmin(p);
  const sight = outboxSight(p);
  const where: SQL[] = [sql`o.facility_id = ${facility}`];
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (q.search) where.push(sql`((s.barcode ilike ${likeTerm(q.search)} and ${sight.member}) or (o.address ilike ${likeTerm(q.search)} and ${sight.reader}))`);
  const rows = rowsOf<OutboxRow>(
    await db.execute(sql`
      select o.id, o.event, o.recipient_kind, o.channel, o.address, o.language, o.subject, o.body, o.status, o.attempts,
             o.last_error, case when o.status = 'queued' then ${heldInvoiceSql('o')} end as held_invoice,
             pr.name as program, s.barcode as lab_number, o.sample_id as sample, o.created_at, o.next_attempt_at,
             o.sent_at, o.delivered_at, count(*) over ()::int as n
      from ${notificationOutbox} o
      left join samples s on s.id = o.sample_id
      left join programs pr on pr.id = o.program_id
      where ${sql.join(where, sql` and `)}
      order by o.created_at desc, o.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const count = rows[0]?.n ?? 0;
  if (!rows.length && q.page > 1) throw ValidationError.field('page', 'Invalid page.');
  return {
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results: rows.map(({ n: _n, ...r }) => shownItem(r, sight.hidden(r.program))),
    providers,
  };
}

/** A failed message is queued again with its attempts reset: the administrator's resend, audited. */
export async function resendMessage(tx: Tx, p: Principal, id: number): Promise<void> {
  const facility = notificationAdmin(p);
  const [row] = rowsOf<{ status: string; attempts: number }>(
    await tx.execute(sql`select status, attempts from ${notificationOutbox} where id = ${id} and facility_id = ${facility} for update`),
  );
  if (!row) throw notFound();
  if (row.status !== 'failed') throw conflict(`Only a failed message is sent again; this one is ${row.status}.`);
  await tx.execute(sql`update ${notificationOutbox} set status = 'queued', attempts = 0, next_attempt_at = now() where id = ${id}`);
  await recordAudit(tx, p, {
    action: 'notification.resent',
    entity: 'notification',
    entityId: String(id),
    before: { status: row.status, attempts: row.attempts },
    after: { status: 'queued' },
  });
}

/** What each of the facility's programmes' messages say, and to whom: the kept setting or the programme's default. */
export async function listSettings(db: Tx, p: Principal): Promise<NotificationSettingItem[]> {
  const facility = notificationAdmin(p);
  const rows = rowsOf<{
    program: number;
    program_name: string;
    content: string | null;
    notify_clinician: boolean | null;
    notify_client: boolean | null;
    updated_by: string | null;
    updated_at: unknown;
  }>(
    await db.execute(sql`
      select pr.id as program, pr.name as program_name, ns.content, ns.notify_clinician, ns.notify_client,
             case when ns.updated_by is null then null else ${userName(sql`ns.updated_by`)} end as updated_by, ns.updated_at
      from ${facilityPrograms} fp join programs pr on pr.id = fp.program_id
      left join ${notificationSettings} ns on ns.facility_id = fp.facility_id and ns.program_id = fp.program_id
      where fp.facility_id = ${facility}
      order by pr.name`),
  );
  return rows.map((r) => ({
    program: r.program,
    program_name: r.program_name,
    content: (r.content as 'ready' | 'value' | null) ?? defaultNotificationContent(r.program_name),
    notify_clinician: r.notify_clinician ?? true,
    notify_client: r.notify_client ?? true,
    is_default: r.content == null,
    updated_by: r.updated_by,
    updated_at: iso(r.updated_at),
  }));
}

/** Change one programme's setting (a programme the facility runs), audited with the value before and after. */
export async function saveSetting(tx: Tx, p: Principal, body: NotificationSettingBody): Promise<NotificationSettingItem[]> {
  const facility = notificationAdmin(p);
  const before = (await listSettings(tx, p)).find((s) => s.program === body.program);
  if (!before) throw ValidationError.field('program', `Invalid pk "${body.program}" - object does not exist.`);
  const now = new Date();
  const set = { content: body.content, notifyClinician: body.notify_clinician, notifyClient: body.notify_client, updatedBy: p.id, updatedAt: now };
  await tx
    .insert(notificationSettings)
    .values({ facilityId: facility, programId: body.program, ...set })
    .onConflictDoUpdate({ target: [notificationSettings.facilityId, notificationSettings.programId], set });
  await recordAudit(tx, p, {
    action: 'notification.settings_changed',
    entity: 'notification_settings',
    entityId: `${facility}:${body.program}`,
    before: { content: before.content, notify_clinician: before.notify_clinician, notify_client: before.notify_client },
    after: { content: body.content, notify_clinician: body.notify_clinician, notify_client: body.notify_client },
    at: now,
  });
  return listSettings(tx, p);
}

/** A gateway's delivery report: the message it names (its id, or our reference) becomes delivered or failed. */
export async function recordDelivery(tx: Tx, body: DeliveryReportBody): Promise<boolean> {
  const own = /^nlims-(\d{1,10})$/.exec(body.reference);
  const ownId = own ? Number(own[1]) : -1;
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update ${notificationOutbox}
      set status = ${body.status},
          delivered_at = case when ${body.status} = 'delivered' then now() else delivered_at end,
          last_error = case when ${body.status} = 'failed' then ${body.error || 'Not delivered (gateway report)'} else last_error end
      where channel = 'sms' and status in ('sent', 'delivered', 'failed')
        and (provider_id = ${body.reference} or (id = ${ownId} and provider_id is not null))
      returning id`),
  );
  return updated.length > 0;
}
