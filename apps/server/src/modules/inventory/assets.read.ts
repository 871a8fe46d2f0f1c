import {
  type AssetCheckout,
  type AssetDetail,
  type AssetItem,
  type assetListQuery,
  type AssetCategory,
  type AssetStatus,
  type DowntimeKind,
  assetDatePlusDays,
  ASSET_DUE_DAYS,
  validityOf,
} from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import { type Principal, userName } from '../users/users.service.js';
import { iso, likeTerm } from '../../core/sql-values.js';
import { adminFacility } from './assets.access.js';
import { CALIBRATION, OPEN_DOWN, unavailableOf } from './assets.availability.js';

type ListQuery = z.output<typeof assetListQuery>;
type Row = Record<string, unknown>;

/** One query for a page of the register: each asset with its kind, place, machine, open check-out, last maintenance and validities. */
function itemQuery(facility: number, where: SQL, order: SQL, page?: { size: number; offset: number }) {
  return sql`
    select a.id, a.tag, a.name, a.generic_id as generic, g.name as generic_name, g.category,
           a.model, a.serial_number, a.manufacturer_id as manufacturer, mf.name as manufacturer_name,
           a.supplier_id as supplier, sp.name as supplier_name, a.location_id as location, l.name as location_name,
           a.in_service_date::text as in_service_date, a.status, a.machine_setting_id as machine_setting, ms.name as machine_setting_name,
           ms.instrument_id as instrument, i.name as instrument_name, a.note, a.created_at, ${userName(sql.raw('a.created_by'))} as created_by,
           down.down_from as since, down.work_done as down_note,
           co.id as co_id, co.bench_id as co_bench, b.name as co_bench_name, co.user_id as co_user, ${userName(sql.raw('co.user_id'))} as co_user_name,
           co.location_id as co_location, cl.name as co_location_name, co.note as co_note, co.expected_back::text as co_expected_back,
           co.checked_out_at as co_at, ${userName(sql.raw('co.checked_out_by'))} as co_by,
           lm.kind as lm_kind, lm.down_from as lm_from, lm.down_to as lm_to,
           cal.valid_until::text as valid_until, cert.valid_to::text as cert_to,
           count(*) over () as total
    from assets a
    left join asset_generics g on g.id = a.generic_id
    left join manufacturers mf on mf.id = a.manufacturer_id
    left join suppliers sp on sp.id = a.supplier_id
    left join asset_locations l on l.id = a.location_id
    left join machine_settings ms on ms.id = a.machine_setting_id
    left join instruments i on i.id = ms.instrument_id
    left join asset_checkouts co on co.asset_id = a.id and co.checked_in_at is null
    left join benches b on b.id = co.bench_id
    left join asset_locations cl on cl.id = co.location_id
    ${OPEN_DOWN}
    left join lateral (
      select x.kind, x.down_from, x.down_to from asset_maintenance x
      where x.asset_id = a.id and x.kind <> 'out_of_service' order by x.down_from desc, x.id desc limit 1) lm on true
    ${CALIBRATION}
    left join lateral (
      select min(v.valid_to) as valid_to from (
        select max(c.valid_to) as valid_to from asset_certificates c where c.asset_id = a.id group by lower(c.agency)) v) cert on true
    where a.facility_id = ${facility} and ${where}
    order by ${order}, a.id
    ${page ? sql`limit ${page.size} offset ${page.offset}` : sql``}`;
}

function checkoutOf(r: Row, today: string): AssetCheckout | null {
  if (r.co_id == null) return null;
  const to = r.co_bench != null ? 'bench' : r.co_user != null ? 'user' : 'location';
  const expected = (r.co_expected_back as string | null) ?? null;
  return {
    id: Number(r.co_id),
    to,
    to_name: String((to === 'bench' ? r.co_bench_name : to === 'user' ? r.co_user_name : r.co_location_name) ?? ''),
    bench: (r.co_bench as number | null) ?? null,
    user: (r.co_user as number | null) ?? null,
    location: (r.co_location as number | null) ?? null,
    note: String(r.co_note ?? ''),
    expected_back: expected,
    checked_out_at: iso(r.co_at)!,
    checked_out_by: String(r.co_by ?? ''),
    checked_in_at: null,
    checked_in_by: null,
    overdue: expected != null && expected < today,
  };
}

function toItem(r: Row, today: string): AssetItem {
  const facts = {
    id: Number(r.id),
    tag: String(r.tag),
    name: String(r.name),
    status: String(r.status),
    since: r.since,
    note: (r.down_note as string | null) ?? '',
    valid_until: (r.valid_until as string | null) ?? null,
  };
  const unavailable = unavailableOf(facts, today);
  const certTo = (r.cert_to as string | null) ?? null;
  return {
    id: facts.id,
    tag: facts.tag,
    name: facts.name,
    generic: (r.generic as number | null) ?? null,
    generic_name: (r.generic_name as string | null) ?? null,
    category: (r.category as AssetCategory | null) ?? null,
    model: String(r.model ?? ''),
    serial_number: String(r.serial_number ?? ''),
    manufacturer: (r.manufacturer as number | null) ?? null,
    manufacturer_name: (r.manufacturer_name as string | null) ?? null,
    supplier: (r.supplier as number | null) ?? null,
    supplier_name: (r.supplier_name as string | null) ?? null,
    location: (r.location as number | null) ?? null,
    location_name: (r.location_name as string | null) ?? null,
    in_service_date: (r.in_service_date as string | null) ?? null,
    status: facts.status as AssetStatus,
    status_since: facts.status === 'in_use' ? null : iso(r.since),
    status_note: facts.status === 'in_use' ? '' : facts.note,
    machine_setting: (r.machine_setting as number | null) ?? null,
    machine_setting_name: (r.machine_setting_name as string | null) ?? null,
    instrument: (r.instrument as number | null) ?? null,
    instrument_name: (r.instrument_name as string | null) ?? null,
    note: String(r.note ?? ''),
    checkout: checkoutOf(r, today),
    last_maintenance: r.lm_kind == null ? null : { kind: r.lm_kind as DowntimeKind, down_from: iso(r.lm_from)!, down_to: iso(r.lm_to) },
    calibration_valid_until: facts.valid_until,
    calibration: validityOf(facts.valid_until, today),
    certificates_valid_to: certTo,
    certificates: validityOf(certTo, today),
    available: unavailable == null,
    unavailable,
  };
}

const ORDER: Record<string, SQL> = {
  tag: sql`lower(a.tag)`,
  name: sql`lower(a.name)`,
  status: sql`a.status`,
  calibration: sql`cal.valid_until`,
};

/** `GET asset/`: the facility's register, searched by tag, name or serial number, filtered and paged. */
export async function listAssets(db: Db, p: Principal, q: ListQuery, today = lagosToday()) {
  const facility = adminFacility(p);
  const where: SQL[] = [sql`true`];
  if (q.search) {
    const like = likeTerm(q.search);
    where.push(sql`(a.tag ilike ${like} or a.name ilike ${like} or a.serial_number ilike ${like})`);
  }
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.generic) where.push(sql`a.generic_id = ${q.generic}`);
  if (q.location) where.push(sql`a.location_id = ${q.location}`);
  if (q.checked_out) where.push(q.checked_out === '1' ? sql`co.id is not null` : sql`co.id is null`);
  if (q.calibration === 'overdue') where.push(sql`cal.valid_until < ${today}::date`);
  if (q.calibration === 'due') where.push(sql`cal.valid_until <= ${assetDatePlusDays(today, ASSET_DUE_DAYS)}::date`);
  const field = (q.ordering ?? 'tag').replace(/^-/, '');
  const direction = q.ordering?.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = rowsOf<Row>(
    await db.execute(
      itemQuery(facility, sql.join(where, sql` and `), sql`${ORDER[field] ?? ORDER.tag!} ${direction}`, {
        size: q.page_size,
        offset: (q.page - 1) * q.page_size,
      }),
    ),
  );
  const count = rows.length ? Number(rows[0]!.total) : q.page > 1 ? await countAssets(db, facility) : 0;
  const link = (page: number) => `?${new URLSearchParams({ ...stringQuery(q), page: String(page) })}`;
  return {
    count,
    next: q.page * q.page_size < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results: rows.map((r) => toItem(r, today)),
  };
}

/** The count of a page past the end (the window count has no row to ride on). */
async function countAssets(db: Db, facility: number): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from assets where facility_id = ${facility}`))[0]?.n ?? 0;
}

const stringQuery = (q: ListQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v == null || v === '' || k === 'page' ? [] : [[k, String(v)]])));

/** One asset of the caller's facility as the list shows it (another facility's is not found). */
export async function assetItemOf(db: Tx, facility: number, id: number, today = lagosToday()): Promise<AssetItem> {
  const [row] = rowsOf<Row>(await db.execute(itemQuery(facility, sql`a.id = ${id}`, sql`a.id`)));
  if (!row) throw notFound();
  return toItem(row, today);
}

/** `GET asset/by_tag/`: the asset a scanned tag names (case-insensitive), for the bulk check-out's list. */
export async function assetByTag(db: Db, p: Principal, tag: string, today = lagosToday()): Promise<AssetItem> {
  const facility = adminFacility(p);
  const [row] = rowsOf<Row>(await db.execute(itemQuery(facility, sql`lower(a.tag) = lower(${tag})`, sql`a.id`)));
  if (!row) throw notFound(`No asset here has the tag ${tag}.`);
  return toItem(row, today);
}

/** `GET asset/{id}/`: an asset with its history (check-outs, maintenance, calibrations, certificates), newest first. */
export async function getAsset(db: Tx, p: Principal, id: number, today = lagosToday()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const [row] = rowsOf<Row>(await db.execute(itemQuery(facility, sql`a.id = ${id}`, sql`a.id`)));
  if (!row) throw notFound();
  // One after another: inside a transaction the queries share one connection.
  const checkouts = await db.execute(sql`
      select co.id, co.bench_id as bench, b.name as bench_name, co.user_id as "user", ${userName(sql.raw('co.user_id'))} as user_name,
             co.location_id as location, l.name as location_name, co.note, co.expected_back::text as expected_back,
             co.checked_out_at, ${userName(sql.raw('co.checked_out_by'))} as checked_out_by, co.checked_in_at, ${userName(sql.raw('co.checked_in_by'))} as checked_in_by
      from asset_checkouts co left join benches b on b.id = co.bench_id left join asset_locations l on l.id = co.location_id
      where co.asset_id = ${id} order by co.checked_out_at desc, co.id desc limit 200`);
  const maintenance = await db.execute(sql`
      select x.id, x.kind, x.down_from, x.down_to, x.work_done, x.performed_by, x.cost_kobo, ${userName(sql.raw('x.recorded_by'))} as recorded_by, x.recorded_at
      from asset_maintenance x where x.asset_id = ${id} order by x.down_from desc, x.id desc limit 200`);
  const calibrations = await db.execute(sql`
      select c.id, c.calibrated_on::text as calibrated_on, c.valid_until::text as valid_until, c.calibrator, c.report,
             ${userName(sql.raw('c.recorded_by'))} as recorded_by, c.recorded_at
      from asset_calibrations c where c.asset_id = ${id} order by c.calibrated_on desc, c.id desc limit 200`);
  const certificates = await db.execute(sql`
      select c.id, c.agency, c.number, c.valid_from::text as valid_from, c.valid_to::text as valid_to,
             ${userName(sql.raw('c.recorded_by'))} as recorded_by, c.recorded_at
      from asset_certificates c where c.asset_id = ${id} order by c.valid_to desc, c.id desc limit 200`);
  return {
    ...toItem(row, today),
    created_at: iso(row.created_at)!,
    created_by: (row.created_by as string | null) ?? null,
    checkouts: rowsOf<Row>(checkouts).map((c) => {
      const to = c.bench != null ? 'bench' : c.user != null ? 'user' : 'location';
      const expected = (c.expected_back as string | null) ?? null;
      return {
        id: Number(c.id),
        to,
        to_name: String((to === 'bench' ? c.bench_name : to === 'user' ? c.user_name : c.location_name) ?? ''),
        bench: (c.bench as number | null) ?? null,
        user: (c.user as number | null) ?? null,
        location: (c.location as number | null) ?? null,
        note: String(c.note ?? ''),
        expected_back: expected,
        checked_out_at: iso(c.checked_out_at)!,
        checked_out_by: String(c.checked_out_by ?? ''),
        checked_in_at: iso(c.checked_in_at),
        checked_in_by: (c.checked_in_by as string | null) ?? null,
        overdue: c.checked_in_at == null && expected != null && expected < today,
      };
    }),
    maintenance: rowsOf<Row>(maintenance).map((m) => ({
      id: Number(m.id),
      kind: m.kind as DowntimeKind,
      down_from: iso(m.down_from)!,
      down_to: iso(m.down_to),
      work_done: String(m.work_done ?? ''),
      performed_by: String(m.performed_by ?? ''),
      cost_kobo: Number(m.cost_kobo ?? 0),
      recorded_by: String(m.recorded_by ?? ''),
      recorded_at: iso(m.recorded_at)!,
    })),
    calibrations: rowsOf<Row>(calibrations).map((c) => ({
      id: Number(c.id),
      calibrated_on: String(c.calibrated_on),
      valid_until: String(c.valid_until),
      calibrator: String(c.calibrator ?? ''),
      report: String(c.report ?? ''),
      recorded_by: String(c.recorded_by ?? ''),
      recorded_at: iso(c.recorded_at)!,
    })),
    certificates_list: rowsOf<Row>(certificates).map((c) => ({
      id: Number(c.id),
      agency: String(c.agency),
      number: String(c.number ?? ''),
      valid_from: String(c.valid_from),
      valid_to: String(c.valid_to),
      state: validityOf(String(c.valid_to), today),
      recorded_by: String(c.recorded_by ?? ''),
      recorded_at: iso(c.recorded_at)!,
    })),
  };
}

/** `GET asset/people/`: the facility's active users, to whom an asset may be checked out. */
export async function people(db: Db, p: Principal) {
  const facility = adminFacility(p);
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name
      from users u where u.facility_id = ${facility} and u.is_active order by 2, u.id`),
  );
}
