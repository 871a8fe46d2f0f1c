/** An asset's condition and upkeep: under repair, back in service, out of service, and its maintenance, calibrations and certificates. */
import {
  assetDatePlusDays,
  type AssetDetail,
  type assetBackInServiceBody,
  type assetCalibrationBody,
  type assetCertificateBody,
  type assetMaintenanceBody,
  type assetOutOfServiceBody,
  type assetUnderRepairBody,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../core/db.js';
import { conflict, ValidationError } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { at } from '../../core/sql-values.js';
import { adminFacility } from './assets.access.js';
import { formatDay } from './assets.availability.js';
import { getAsset } from './assets.read.js';
import { audit, lockAsset, notFuture, STATUS_WORDS, who } from './assets.moves.js';

/** `POST asset/{id}/under_repair/`: a repair record opens (down from now or the time given) and the asset is under repair. */
export async function underRepair(tx: Tx, p: Principal, id: number, body: z.output<typeof assetUnderRepairBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const asset = await lockAsset(tx, facility, id);
  if (asset.status !== 'in_use') throw conflict(`${who(asset)} is ${STATUS_WORDS[asset.status]} already.`);
  const from = body.down_from ? new Date(body.down_from) : now;
  notFuture('down_from', from, now);
  await tx.execute(sql`
    insert into asset_maintenance (asset_id, kind, down_from, work_done, recorded_by, recorded_at)
    values (${id}, 'repair', ${at(from)}, ${body.fault}, ${p.id}, ${at(now)})`);
  await tx.execute(sql`update assets set status = 'under_repair', updated_at = ${at(now)} where id = ${id} and status = 'in_use'`);
  await audit(tx, p, id, 'under_repair', { down_from: from.toISOString(), fault: body.fault }, now, body.fault || null);
  return getAsset(tx, p, id);
}

/** The open down period of the kind the status names (repair, out of service), locked. */
async function openDown(tx: Tx, asset: number, kind: 'repair' | 'out_of_service') {
  const [row] = rowsOf<{ id: number; down_from: Date | string }>(
    await tx.execute(sql`
      select id, down_from from asset_maintenance where asset_id = ${asset} and kind = ${kind} and down_to is null
      order by down_from desc, id desc limit 1 for update`),
  );
  return row ?? null;
}

/**
 * `POST asset/{id}/back_in_service/`: from under repair (its repair record closes with the work done, who did it and
 * its cost) or out of service (its period closes); the asset is in use again.
 */
export async function backInService(tx: Tx, p: Principal, id: number, body: z.output<typeof assetBackInServiceBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const asset = await lockAsset(tx, facility, id);
  if (asset.status === 'in_use') throw conflict(`${who(asset)} is in use already.`);
  const to = body.down_to ? new Date(body.down_to) : now;
  notFuture('down_to', to, now);
  const open = await openDown(tx, id, asset.status === 'under_repair' ? 'repair' : 'out_of_service');
  if (open && to.getTime() < new Date(open.down_from).getTime())
    throw ValidationError.field('down_to', `It went down on ${formatDay(new Date(open.down_from))}: it cannot be back before.`);
  if (open)
    await tx.execute(sql`
      update asset_maintenance set down_to = ${at(to)},
             work_done = concat_ws(E'\n', nullif(work_done, ''), nullif(${body.work_done}::text, '')),
             performed_by = coalesce(nullif(${body.performed_by}::text, ''), performed_by),
             cost_kobo = cost_kobo + ${body.cost_kobo}
      where id = ${open.id}`);
  await tx.execute(sql`update assets set status = 'in_use', updated_at = ${at(now)} where id = ${id} and status = ${asset.status}`);
  await audit(tx, p, id, 'back_in_service', { ...body, from: asset.status, down_to: to.toISOString() }, now);
  return getAsset(tx, p, id);
}

/** `POST asset/{id}/out_of_service/`: with its reason; an open repair closes at that moment. */
export async function outOfService(tx: Tx, p: Principal, id: number, body: z.output<typeof assetOutOfServiceBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const asset = await lockAsset(tx, facility, id);
  if (asset.status === 'out_of_service') throw conflict(`${who(asset)} is out of service already.`);
  const since = body.since ? new Date(body.since) : now;
  notFuture('since', since, now);
  if (asset.status === 'under_repair') {
    const open = await openDown(tx, id, 'repair');
    if (open) await tx.execute(sql`update asset_maintenance set down_to = greatest(down_from, ${at(since)}) where id = ${open.id}`);
  }
  await tx.execute(sql`
    insert into asset_maintenance (asset_id, kind, down_from, work_done, recorded_by, recorded_at)
    values (${id}, 'out_of_service', ${at(since)}, ${body.reason}, ${p.id}, ${at(now)})`);
  await tx.execute(sql`update assets set status = 'out_of_service', updated_at = ${at(now)} where id = ${id} and status = ${asset.status}`);
  await audit(tx, p, id, 'out_of_service', { from: asset.status, since: since.toISOString(), reason: body.reason }, now, body.reason);
  return getAsset(tx, p, id);
}

/** `POST asset/{id}/maintenance/`: maintenance done (preventive, repair, enhancement): down from–to, work done, cost. */
export async function addMaintenance(tx: Tx, p: Principal, id: number, body: z.output<typeof assetMaintenanceBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  await lockAsset(tx, facility, id);
  const from = new Date(body.down_from);
  const to = new Date(body.down_to);
  notFuture('down_from', from, now);
  notFuture('down_to', to, now);
  if (to < from) throw ValidationError.field('down_to', 'It cannot be back before it went down.');
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into asset_maintenance (asset_id, kind, down_from, down_to, work_done, performed_by, cost_kobo, recorded_by, recorded_at)
      values (${id}, ${body.kind}, ${at(from)}, ${at(to)}, ${body.work_done}, ${body.performed_by}, ${body.cost_kobo}, ${p.id}, ${at(now)})
      returning id`),
  );
  await audit(tx, p, id, 'maintenance', { maintenance: made!.id, ...body }, now);
  return getAsset(tx, p, id);
}

/** `POST asset/{id}/calibrations/`: valid until the date given, or the date plus its kind's calibration interval. */
export async function addCalibration(tx: Tx, p: Principal, id: number, body: z.output<typeof assetCalibrationBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const asset = await lockAsset(tx, facility, id);
  if (body.calibrated_on > lagosToday(now)) throw ValidationError.field('calibrated_on', 'A calibration cannot be dated in the future.');
  let until = body.valid_until;
  if (until == null) {
    const [kind] = rowsOf<{ days: number | null }>(
      await tx.execute(sql`select calibration_interval_days as days from asset_generics where id = ${asset.generic_id ?? 0}`),
    );
    if (!kind?.days) throw ValidationError.field('valid_until', 'Give the date it is valid until: its kind has no calibration interval.');
    until = assetDatePlusDays(body.calibrated_on, kind.days);
  }
  if (until <= body.calibrated_on) throw ValidationError.field('valid_until', 'A calibration is valid until a date after it was done.');
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into asset_calibrations (asset_id, calibrated_on, valid_until, calibrator, report, recorded_by, recorded_at)
      values (${id}, ${body.calibrated_on}::date, ${until}::date, ${body.calibrator}, ${body.report}, ${p.id}, ${at(now)}) returning id`),
  );
  await audit(tx, p, id, 'calibrated', { calibration: made!.id, calibrated_on: body.calibrated_on, valid_until: until, calibrator: body.calibrator }, now);
  return getAsset(tx, p, id);
}

/** `POST asset/{id}/certificates/`: a certificate (agency, number, valid from–to). */
export async function addCertificate(tx: Tx, p: Principal, id: number, body: z.output<typeof assetCertificateBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  await lockAsset(tx, facility, id);
  if (body.valid_to < body.valid_from) throw ValidationError.field('valid_to', 'A certificate ends after it begins.');
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into asset_certificates (asset_id, agency, number, valid_from, valid_to, recorded_by, recorded_at)
      values (${id}, ${body.agency}, ${body.number}, ${body.valid_from}::date, ${body.valid_to}::date, ${p.id}, ${at(now)}) returning id`),
  );
  await audit(tx, p, id, 'certified', { certificate: made!.id, ...body }, now);
  return getAsset(tx, p, id);
}
