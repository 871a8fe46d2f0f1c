import { type ReferralDashboardReply, type referralDashboardQuery, referralProgrammesOf } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../core/db.js';
import { ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';
import { dashboardPeriod, dayEnd, dayStart } from '../../../core/period.js';
import { scopeOf } from '../tier/area.js';
import { overdueShipment } from '../../dispatch/dispatch.read.js';
import { countsByStatus, forwardMedianHours as medianHours } from '../kit/measures.js';

/**
 * The referral dashboard (`referral_dashboard/`): for facility staff their facility's shipments both ways, for
 * officials those sent from facilities in their area (narrowed by the query, never widened), made in the period;
 * with a disease or a programme, only the shipments and samples of its programmes (a disease whose samples are
 * not referred has none). Aggregates only: no patient is named.
 */
export async function referralDashboard(db: Db, p: Principal, q: z.output<typeof referralDashboardQuery>): Promise<ReferralDashboardReply> {
  const scope = await scopeOf(db, p, q);
  const period = dashboardPeriod(q, 30);
  const facility = scope.area.level === 'facility' ? scope.area.id : null;
  const programIds = await programmesAsked(db, q, scope.programIds);
  const inArea =
    facility != null
      ? sql`(sh.sending_facility_id = ${facility} or sh.receiving_facility_id = ${facility})`
      : sql`exists (select 1 from facilities f where f.id = sh.sending_facility_id ${scope.where.length ? sql`and ${sql.join(scope.where, sql` and `)}` : sql``})`;
  const shipmentsIn = sql`(select sh.* from shipments sh where ${inArea}
      and sh.created_at >= ${dayStart(period.start).toISOString()}::timestamptz and sh.created_at < ${dayEnd(period.end).toISOString()}::timestamptz
      ${programIds ? sql`and sh.program_ids && ${sql.raw(`array[${programIds.map((n) => String(Math.trunc(n))).join(', ') || '0'}]::integer[]`)}` : sql``})`;
  // Facility staff count the samples of the programmes they read only (a shipment may carry others').
  const seen = programIds
    ? sql`and exists (select 1 from samples ss where ss.id = x.sample_id and ss.program_id in (${sql.raw(programIds.map((n) => String(Math.trunc(n))).join(', ') || '0')}))`
    : sql``;
  const [totals] = rowsOf<{ total: number; overdue: number; outgoing: number; incoming: number }>(
    await db.execute(sql`select count(*)::int as total, count(*) filter (where ${overdueShipment('sh')})::int as overdue,
                                count(*) filter (where sh.sending_facility_id = ${facility ?? -1})::int as outgoing,
                                count(*) filter (where sh.receiving_facility_id = ${facility ?? -1})::int as incoming
                         from ${shipmentsIn} sh`),
  );
  const byStatus = rowsOf<{ status: number; count: number }>(await db.execute(countsByStatus(sql`sh.status`, 'status', sql`${shipmentsIn} sh`)));
  const [samples] = rowsOf<ReferralDashboardReply['samples']>(
    await db.execute(sql`select count(*)::int as referred, count(*) filter (where x.state = 'received')::int as received,
                                count(*) filter (where x.state = 'rejected')::int as rejected, count(*) filter (where x.state = 'missing')::int as missing
                         from ${shipmentsIn} sh join shipment_samples x on x.shipment_id = sh.id ${seen}`),
  );
  const [legs] = rowsOf<ReferralDashboardReply['legs']>(
    await db.execute(sql`select ${medianHours(sql`s.collected_at`, sql`sh.dispatched_at`)} as collection_to_dispatch,
                                ${medianHours(sql`sh.dispatched_at`, sql`sh.delivered_at`)} as dispatch_to_delivery,
                                ${medianHours(sql`sh.delivered_at`, sql`sh.received_at`)} as delivery_to_reception,
                                ${medianHours(sql`sh.received_at`, sql`s.completed_at`)} as reception_to_release,
                                ${medianHours(sql`s.collected_at`, sql`s.completed_at`)} as collection_to_result
                         from ${shipmentsIn} sh join shipment_samples x on x.shipment_id = sh.id ${seen} join samples s on s.id = x.sample_id`),
  );
  const byLab = rowsOf<ReferralDashboardReply['by_laboratory'][number]>(
    await db.execute(sql`select sh.receiving_facility_id as facility, f.facility_name, count(distinct sh.id)::int as shipments,
                                count(x.id)::int as samples, count(distinct sh.id) filter (where ${overdueShipment('sh')})::int as overdue,
                                ${medianHours(sql`sh.dispatched_at`, sql`sh.delivered_at`)} as dispatch_to_delivery
                         from ${shipmentsIn} sh join facilities f on f.id = sh.receiving_facility_id left join shipment_samples x on x.shipment_id = sh.id ${seen}
                         group by 1, 2 order by 3 desc, 2`),
  );
  return {
    area: scope.area,
    period,
    shipments: {
      total: totals?.total ?? 0,
      overdue: totals?.overdue ?? 0,
      by_status: byStatus,
      outgoing: facility == null ? null : (totals?.outgoing ?? 0),
      incoming: facility == null ? null : (totals?.incoming ?? 0),
    },
    samples: samples ?? { referred: 0, received: 0, rejected: 0, missing: 0 },
    legs: legs ?? {
      collection_to_dispatch: null,
      dispatch_to_delivery: null,
      delivery_to_reception: null,
      reception_to_release: null,
      collection_to_result: null,
    },
    by_laboratory: byLab,
  };
}

/** The programmes whose shipments are counted: the caller's (null: every one), narrowed to the disease's or the programme asked for. */
async function programmesAsked(db: Db, q: z.output<typeof referralDashboardQuery>, own: number[] | null): Promise<number[] | null> {
  if (!q.disease && !q.program) return own;
  const names = q.disease ? referralProgrammesOf(q.disease) : [q.program!];
  const rows = names.length
    ? rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from programs where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  if (q.program && !rows.length) throw ValidationError.field('program', `No programme named ${q.program}.`);
  const ids = rows.map((r) => r.id);
  return own ? ids.filter((id) => own.includes(id)) : ids;
}
