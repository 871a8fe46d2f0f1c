import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../core/db.js';
import { notifyApproved } from '../modules/notifications/notifications.service.js';
import { DEMO_FACILITIES } from './demo.js';

/**
 * The demo outbox: the messages the last few released samples at each demo laboratory would have sent, written by the
 * same code an approval runs (so the texts are the real ones), then moved to where a day of sending leaves them — most
 * delivered, one sent and not yet confirmed, one failed with the gateway's reason. None stays queued, so a demo that is
 * given a provider sends nothing of its own. Once: nothing is done where the demo laboratories already have messages.
 */
export async function seedNotificationsDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const codes = [DEMO_FACILITIES.ikeja.code, DEMO_FACILITIES.yaba.code];
    const [kept] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from notification_outbox o join facilities f on f.id = o.facility_id
        where f.facility_code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`),
    );
    if (kept!.n > 0) return;
    const released = rowsOf<{ id: number; amends_id: number | null }>(
      await tx.execute(sql`
        with latest as (
          select distinct on (r.facility_id, t.sample_id) r.id, r.amends_id, r.facility_id, r.approved_at
          from results r join test_orders t on t.id = r.test_order_id join facilities f on f.id = r.facility_id
          where f.facility_code in (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )}) and r.current and r.status = 7
          order by r.facility_id, t.sample_id, r.approved_at desc
        ),
        ranked as (select *, row_number() over (partition by facility_id order by approved_at desc, id desc) as n from latest)
        select id, amends_id from ranked where n <= 6 order by id`),
    );
    if (!released.length) return;
    // The history's requests name no clinician's contact and its clients agreed to nothing: these few do.
    const resultIds = sql.join(
      released.map((r) => sql`${r.id}`),
      sql`, `,
    );
    await tx.execute(sql`
      update orders o set
        clinician_phone = '+23480355501' || lpad((o.id % 100)::text, 2, '0'),
        clinician_email = 'clinician' || (o.id % 100) || '@example.org'
      where o.id in (select s.order_id from results r join test_orders t on t.id = r.test_order_id join samples s on s.id = t.sample_id where r.id in (${resultIds}))
        and o.clinician_phone = '' and o.clinician_email = ''`);
    await tx.execute(sql`
      update clients c set notify_consent = true,
        phone = case when c.phone = '' then '+23480455501' || lpad((c.id % 100)::text, 2, '0') else c.phone end,
        language = case when c.id % 3 = 0 then 'fr' else 'en' end
      where c.id in (select o.client_id from results r join test_orders t on t.id = r.test_order_id join samples s on s.id = t.sample_id
        join orders o on o.id = s.order_id where r.id in (${resultIds}) and r.id % 2 = 0)`);
    await notifyApproved(
      tx,
      released.map((r) => ({ id: r.id, amendsId: r.amends_id })),
    );
    // Oldest first: delivered hours ago; the newest of each laboratory sent a minute ago; one SMS failed after its retries.
    await tx.execute(sql`
      with mine as (
        select o.id, row_number() over (partition by o.facility_id order by o.sample_id desc, o.id desc) as newest,
          row_number() over (partition by o.facility_id, o.channel order by o.sample_id, o.id) as oldest_on_channel, o.channel
        from notification_outbox o
        where o.status = 'queued'
          and o.sample_id in (select t.sample_id from results r join test_orders t on t.id = r.test_order_id where r.id in (${resultIds}))
      )
      update notification_outbox o set
        status = case when m.newest = 1 then 'sent' when m.channel = 'sms' and m.oldest_on_channel = 1 then 'failed' else 'delivered' end,
        attempts = case when m.channel = 'sms' and m.oldest_on_channel = 1 and m.newest <> 1 then 5 else 1 end,
        last_error = case when m.channel = 'sms' and m.oldest_on_channel = 1 and m.newest <> 1
          then 'The SMS gateway answered 503 Service Unavailable five times; the number may be switched off.' else '' end,
        provider_id = 'demo-' || o.id,
        sent_at = case when m.channel = 'sms' and m.oldest_on_channel = 1 and m.newest <> 1 then null
          when m.newest = 1 then now() - interval '1 minute' else now() - (m.newest * interval '40 minutes') end,
        delivered_at = case when m.newest = 1 or (m.channel = 'sms' and m.oldest_on_channel = 1) then null
          else now() - (m.newest * interval '40 minutes') + interval '20 seconds' end,
        next_attempt_at = now()
      from mine m where m.id = o.id`);
  });
}
