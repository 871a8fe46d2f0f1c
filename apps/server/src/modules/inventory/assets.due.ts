import { type AssetDue, ASSET_DUE_DAYS, assetDatePlusDays, validityOf } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../core/db.js';
import { lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { adminFacility } from './assets.access.js';
import { CALIBRATION } from './assets.availability.js';

type Ref = { id: number; tag: string; name: string; location_name: string | null };

/**
 * `GET asset/due/`: what falls due within ASSET_DUE_DAYS or is past — calibrations (and those never calibrated whose
 * kind calls for it), the latest certificate of each agency, preventive maintenance by its kind's interval (from the
 * last preventive maintenance, else the date in service) — for the assets still in service. Three queries.
 */
export async function dueLists(db: Db, p: Principal, today = lagosToday()): Promise<AssetDue> {
  const facility = adminFacility(p);
  const horizon = assetDatePlusDays(today, ASSET_DUE_DAYS);
  const [calibration, certificates, maintenance] = await Promise.all([
    db.execute(sql`
      select a.id, a.tag, a.name, l.name as location_name, cal.valid_until::text as valid_until
      from assets a
      left join asset_locations l on l.id = a.location_id
      left join asset_generics g on g.id = a.generic_id
      ${CALIBRATION}
      where a.facility_id = ${facility} and a.status <> 'out_of_service'
        and (cal.valid_until <= ${horizon}::date or (cal.valid_until is null and g.calibration_interval_days is not null))
      order by cal.valid_until nulls first, lower(a.tag)`),
    db.execute(sql`
      select * from (
        select distinct on (c.asset_id, lower(c.agency)) a.id, a.tag, a.name, l.name as location_name, c.agency, c.number, c.valid_to::text as valid_to
        from asset_certificates c
        join assets a on a.id = c.asset_id
        left join asset_locations l on l.id = a.location_id
        where a.facility_id = ${facility} and a.status <> 'out_of_service'
        order by c.asset_id, lower(c.agency), c.valid_to desc, c.id desc) latest
      where latest.valid_to <= ${horizon}
      order by latest.valid_to, lower(latest.tag)`),
    db.execute(sql`
      select * from (
        select a.id, a.tag, a.name, l.name as location_name, g.maintenance_interval_days as interval_days, pm.last::text as last,
               (coalesce(pm.last, a.in_service_date, a.created_at::date) + g.maintenance_interval_days)::text as due_on
        from assets a
        join asset_generics g on g.id = a.generic_id and g.maintenance_interval_days is not null
        left join asset_locations l on l.id = a.location_id
        left join lateral (
          select max(coalesce(x.down_to, x.down_from))::date as last from asset_maintenance x where x.asset_id = a.id and x.kind = 'preventive') pm on true
        where a.facility_id = ${facility} and a.status <> 'out_of_service') m
      where m.due_on <= ${horizon}
      order by m.due_on, lower(m.tag)`),
  ]);
  const ref = (r: Ref): Ref => ({ id: r.id, tag: r.tag, name: r.name, location_name: r.location_name ?? null });
  const out: Omit<AssetDue, 'counts'> = {
    calibration: rowsOf<Ref & { valid_until: string | null }>(calibration).map((r) => ({
      ...ref(r),
      valid_until: r.valid_until,
      state: validityOf(r.valid_until, today),
    })),
    certificates: rowsOf<Ref & { agency: string; number: string; valid_to: string }>(certificates).map((r) => ({
      ...ref(r),
      agency: r.agency,
      number: r.number,
      valid_to: r.valid_to,
      state: validityOf(r.valid_to, today),
    })),
    maintenance: rowsOf<Ref & { interval_days: number; last: string | null; due_on: string }>(maintenance).map((r) => ({
      ...ref(r),
      last: r.last,
      interval_days: Number(r.interval_days),
      due_on: r.due_on,
      state: validityOf(r.due_on, today),
    })),
  };
  const overdue = [...out.calibration, ...out.certificates, ...out.maintenance].filter((r) => r.state === 'overdue' || r.state === 'none').length;
  return {
    ...out,
    counts: { calibration: out.calibration.length, certificates: out.certificates.length, maintenance: out.maintenance.length, overdue },
  };
}
