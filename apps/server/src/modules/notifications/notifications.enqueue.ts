import { defaultNotificationContent, hidesValueOf, type NotificationChannel, type NotificationEvent, type RecipientKind, wireValue } from '@nlims/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../core/db.js';
import { testTypes } from '../catalogue/catalogue.table.js';
import { clients } from '../clients/clients.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { programs } from '../programs/programs.table.js';
import { results } from '../samples/results.table.js';
import { orders, samples, testOrders } from '../samples/samples.table.js';
import { kickDispatchers } from './notifications.dispatcher.js';
import { criticalAlerts, notificationOutbox, notificationSettings } from './notifications.table.js';
import { composeMessage, type MessageKind } from './notifications.templates.js';

/** A Nigerian number as E.164 (0803… → +234803…); null when it is not a phone number. */
export function e164(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').replace(/[\s()-]/g, '');
  if (!/^\+?\d{7,15}$/.test(raw)) return null;
  if (raw.startsWith('+')) return raw;
  if (raw.startsWith('234')) return `+${raw}`;
  if (raw.startsWith('0')) return `+234${raw.slice(1)}`;
  return `+${raw}`;
}

const emailOf = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text : null;
};

const requesting = alias(facilities, 'requesting');

/** Everything a message about these results needs, in one read. */
async function readContext(tx: Tx, resultIds: readonly number[]) {
  return tx
    .select({
      result: results.id,
      amendsId: results.amendsId,
      flag: results.flag,
      valueNumeric: results.valueNumeric,
      valueText: results.valueText,
      unit: results.unit,
      test: testTypes.name,
      testCode: testTypes.code,
      facilityId: results.facilityId,
      sampleId: samples.id,
      lab: samples.barcode,
      programId: orders.programId,
      program: programs.name,
      clinicianPhone: orders.clinicianPhone,
      clinicianEmail: orders.clinicianEmail,
      facilityName: requesting.facilityName,
      facilityPhone: requesting.phone,
      facilityEmail: requesting.email,
      clientPhone: clients.phone,
      clientEmail: clients.email,
      clientLanguage: clients.language,
      consent: clients.notifyConsent,
      content: notificationSettings.content,
      notifyClinician: notificationSettings.notifyClinician,
      notifyClient: notificationSettings.notifyClient,
    })
    .from(results)
    .innerJoin(testOrders, eq(testOrders.id, results.testOrderId))
    .innerJoin(samples, eq(samples.id, testOrders.sampleId))
    .innerJoin(orders, eq(orders.id, samples.orderId))
    .innerJoin(programs, eq(programs.id, orders.programId))
    .innerJoin(testTypes, eq(testTypes.id, testOrders.testTypeId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(requesting, eq(requesting.id, orders.facilityId))
    .leftJoin(notificationSettings, sql`${notificationSettings.facilityId} = ${results.facilityId} and ${notificationSettings.programId} = ${orders.programId}`)
    .where(inArray(results.id, [...resultIds]))
    .orderBy(samples.id, results.id);
}
type Context = Awaited<ReturnType<typeof readContext>>[number];

interface Recipient {
  kind: RecipientKind;
  channel: NotificationChannel;
  address: string;
  language: string;
}

/** The order's clinician contacts, else (when it names none) the requesting facility's. */
function clinicianContacts(c: Context): Recipient[] {
  const own = c.clinicianPhone.trim() || c.clinicianEmail.trim();
  const phone = e164(own ? c.clinicianPhone : c.facilityPhone);
  const email = emailOf(own ? c.clinicianEmail : c.facilityEmail);
  return [
    ...(phone ? [{ kind: 'clinician' as const, channel: 'sms' as const, address: phone, language: 'en' }] : []),
    ...(email ? [{ kind: 'clinician' as const, channel: 'email' as const, address: email, language: 'en' }] : []),
  ];
}

/** The client, only with consent, in the client's language. */
function clientContacts(c: Context): Recipient[] {
  if (!c.consent) return [];
  const phone = e164(c.clientPhone);
  const email = emailOf(c.clientEmail);
  return [
    ...(phone ? [{ kind: 'client' as const, channel: 'sms' as const, address: phone, language: c.clientLanguage }] : []),
    ...(email ? [{ kind: 'client' as const, channel: 'email' as const, address: email, language: c.clientLanguage }] : []),
  ];
}

const valueLine = (c: Context) => {
  const value = wireValue(c.valueNumeric, c.valueText);
  return `${c.test} ${value ?? ''}${c.unit ? ` ${c.unit}` : ''}${c.flag ? ` (${c.flag})` : ''}`.trim();
};

type OutboxRow = typeof notificationOutbox.$inferInsert;

function rowsFor(event: NotificationEvent, kind: MessageKind, group: Context[], recipients: Recipient[], values: string | null, key: string): OutboxRow[] {
  const first = group[0]!;
  return recipients.map((r) => {
    const message = composeMessage(kind, r.language, { lab: first.lab, facility: first.facilityName, values });
    return {
      facilityId: first.facilityId,
      programId: first.programId,
      sampleId: first.sampleId,
      resultId: group.length === 1 ? first.result : null,
      event,
      recipientKind: r.kind,
      channel: r.channel,
      address: r.address,
      language: r.language,
      subject: message.subject,
      body: message.body,
      carriesValues: values != null && values !== '',
      dedupeKey: `${event}:${key}:${r.kind}:${r.channel}`,
    };
  });
}

/**
 * Results just approved (new ones, and amendments now in force): one message per sample and event to the clinician
 * and to the consenting client on each channel they can be reached by, in the approval's transaction. The key names
 * the batch by its first result, so a second approval path or a retried request never queues the same message twice.
 */
export async function notifyApproved(tx: Tx, approved: readonly { id: number; amendsId: number | null }[]): Promise<void> {
  if (!approved.length) return;
  const context = await readContext(
    tx,
    approved.map((r) => r.id),
  );
  const groups = new Map<string, Context[]>();
  for (const c of context) {
    const event: NotificationEvent = c.amendsId != null ? 'result_amended' : 'result_ready';
    const key = `${event}|${c.sampleId}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const rows: OutboxRow[] = [];
  for (const [key, group] of groups) {
    const event = key.split('|')[0] as NotificationEvent;
    const first = group[0]!;
    const content = (first.content as 'ready' | 'value' | null) ?? defaultNotificationContent(first.program);
    const recipients = [...((first.notifyClinician ?? true) ? clinicianContacts(first) : []), ...((first.notifyClient ?? true) ? clientContacts(first) : [])];
    // An HIV test among the sample's results keeps every value out of the message (the sample's message is one).
    const hidden = group.some((c) => hidesValueOf(c.program, c.testCode));
    const values = content === 'value' && !hidden ? group.map(valueLine).join('; ') : null;
    const batch = Math.min(...group.map((c) => c.result));
    rows.push(...rowsFor(event, event === 'result_amended' ? 'amended' : 'ready', group, recipients, values, `${first.sampleId}:${batch}`));
  }
  if (rows.length) await tx.insert(notificationOutbox).values(rows).onConflictDoNothing({ target: notificationOutbox.dedupeKey });
}

/**
 * Results entered with a critical flag (LL, HH): an alert each, and the clinician told at once — due now, and the
 * dispatchers woken — with the value, whatever the programme's setting for routine messages.
 */
export async function raiseCriticalAlerts(tx: Tx, entered: readonly { id: number; flag: string | null }[]): Promise<void> {
  const critical = entered.filter((r) => r.flag === 'LL' || r.flag === 'HH');
  if (!critical.length) return;
  const context = await readContext(
    tx,
    critical.map((r) => r.id),
  );
  const rows: OutboxRow[] = [];
  const alerts: (typeof criticalAlerts.$inferInsert)[] = [];
  for (const c of context) {
    const recipients = clinicianContacts(c);
    alerts.push({ facilityId: c.facilityId, sampleId: c.sampleId, resultId: c.result, flag: c.flag!, notifiedTo: recipients.map((r) => r.address).join(', ') });
    rows.push(...rowsFor('critical_value', 'critical', [c], recipients, valueLine(c), String(c.result)));
  }
  await tx.insert(criticalAlerts).values(alerts).onConflictDoNothing({ target: criticalAlerts.resultId });
  if (rows.length) {
    await tx.insert(notificationOutbox).values(rows).onConflictDoNothing({ target: notificationOutbox.dedupeKey });
    kickDispatchers();
  }
}
