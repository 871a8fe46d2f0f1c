import type { AssetBulkCheckOutReply, AssetDetail, assetBulkCheckOutBody, assetCheckInBody, assetCheckOutBody } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { conflict, notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { lagosToday } from '../../core/period.js';
import { type Principal, userName } from '../users/users.service.js';
import { at } from '../../core/sql-values.js';
import { adminFacility } from './assets.access.js';
import { formatDay } from './assets.availability.js';
import { getAsset } from './assets.read.js';

/**
 * The moves of an asset: check-out and check-in (one open check-out per asset), many checked out at once by their
 * tags (all or none); under repair, back in service, out of service and the records kept of it (maintenance,
 * calibrations, certificates) in assets.upkeep.ts. Each is one transaction: the asset row locked, the change, its
 * audit row.
 */

type CheckOutBody = z.output<typeof assetCheckOutBody>;
type Target = Pick<CheckOutBody, 'bench' | 'user' | 'location' | 'expected_back' | 'note'>;

interface Locked {
  id: number;
  tag: string;
  name: string;
  status: string;
  generic_id: number | null;
}

export const STATUS_WORDS: Record<string, string> = { in_use: 'in use', under_repair: 'under repair', out_of_service: 'out of service' };
export const who = (a: { name: string; tag: string }) => `${a.name} (tag ${a.tag})`;

/** The asset of the caller's facility, locked for the move; another facility's is not found. */
export async function lockAsset(tx: Tx, facility: number, id: number): Promise<Locked> {
  const [row] = rowsOf<Locked>(
    await tx.execute(sql`select id, tag, name, status, generic_id from assets where id = ${id} and facility_id = ${facility} for update`),
  );
  if (!row) throw notFound();
  return row;
}

export async function audit(tx: Tx, p: Principal, asset: number, action: string, after: Record<string, unknown>, now: Date, reason: string | null = null) {
  await recordAudits(tx, p, [{ action: `asset.${action}`, entity: 'asset', entityId: String(asset), reason, after, at: now }]);
}

export function notFuture(field: string, value: Date, now: Date): void {
  // a minute's grace for a clock a little ahead of the server's
  if (value.getTime() > now.getTime() + 60_000) throw ValidationError.field(field, 'This cannot be in the future.');
}

/** Whom or where a check-out goes to: an active bench, an active user of the facility, or an active location of it; its name. */
async function targetName(tx: Tx, facility: number, t: Target, today: string): Promise<string> {
  if (t.expected_back && t.expected_back < today) throw ValidationError.field('expected_back', 'The expected return cannot be before today.');
  if (t.bench != null) {
    const [b] = rowsOf<{ name: string; is_active: boolean }>(await tx.execute(sql`select name, is_active from benches where id = ${t.bench}`));
    if (!b) throw ValidationError.field('bench', `Invalid pk "${t.bench}" - object does not exist.`);
    if (!b.is_active) throw ValidationError.field('bench', 'This bench is not active.');
    return b.name;
  }
  if (t.user != null) {
    const [u] = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name from users
        where id = ${t.user} and facility_id = ${facility} and is_active`),
    );
    if (!u) throw ValidationError.field('user', 'Choose an active user of your facility.');
    return u.name;
  }
  const [l] = rowsOf<{ name: string; is_active: boolean }>(
    await tx.execute(sql`select name, is_active from asset_locations where id = ${t.location} and facility_id = ${facility}`),
  );
  if (!l) throw ValidationError.field('location', `Invalid pk "${t.location}" - object does not exist.`);
  if (!l.is_active) throw ValidationError.field('location', 'This location is no longer in use.');
  return l.name;
}

/** Who holds the asset now (its open check-out), or null. */
async function holder(tx: Tx, asset: number): Promise<{ to: string; since: Date | string } | null> {
  const [open] = rowsOf<{ to: string; since: Date | string }>(
    await tx.execute(sql`
      select coalesce(b.name, ${userName(sql.raw('co.user_id'))}, l.name, '') as to, co.checked_out_at as since
      from asset_checkouts co left join benches b on b.id = co.bench_id left join asset_locations l on l.id = co.location_id
      where co.asset_id = ${asset} and co.checked_in_at is null`),
  );
  return open ?? null;
}

const heldBy = (a: Locked, h: { to: string; since: Date | string }) => `${who(a)} is already checked out to ${h.to} since ${formatDay(new Date(h.since))}.`;

function insertCheckouts(tx: Tx, p: Principal, assets: readonly number[], t: Target, now: Date) {
  const rows = sql.join(
    assets.map((id) => sql`(${id}, ${t.bench}, ${t.user}, ${t.location}, ${t.note}, ${t.expected_back}::date, ${at(now)}, ${p.id})`),
    sql`, `,
  );
  return tx.execute(
    sql`insert into asset_checkouts (asset_id, bench_id, user_id, location_id, note, expected_back, checked_out_at, checked_out_by) values ${rows}`,
  );
}

/** The partial unique index holds one open check-out per asset even when two check-outs race. */
async function guardOpen<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgError(error)?.code === '23505') throw conflict('This asset was checked out by someone else at the same moment; reload it.');
    throw error;
  }
}

function available(a: Locked): void {
  if (a.status !== 'in_use') throw conflict(`${who(a)} is ${STATUS_WORDS[a.status] ?? a.status}: it cannot be checked out.`);
}

/** `POST asset/{id}/check_out/`: to a bench, a person or a location, with an optional expected return and note. */
export async function checkOut(tx: Tx, p: Principal, id: number, body: CheckOutBody, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const today = lagosToday(now);
  const to = await targetName(tx, facility, body, today);
  const asset = await lockAsset(tx, facility, id);
  available(asset);
  const held = await holder(tx, id);
  if (held) throw conflict(heldBy(asset, held));
  await guardOpen(() => insertCheckouts(tx, p, [id], body, now));
  await audit(
    tx,
    p,
    id,
    'checked_out',
    { to, bench: body.bench, user: body.user, location: body.location, expected_back: body.expected_back, note: body.note },
    now,
  );
  return getAsset(tx, p, id, today);
}

/** `POST asset/{id}/check_in/`: its open check-out closes. */
export async function checkIn(tx: Tx, p: Principal, id: number, body: z.output<typeof assetCheckInBody>, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const asset = await lockAsset(tx, facility, id);
  const closed = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update asset_checkouts set checked_in_at = ${at(now)}, checked_in_by = ${p.id},
             note = case when ${body.note} = '' then note else concat_ws(' · ', nullif(note, ''), ${body.note}::text) end
      where asset_id = ${id} and checked_in_at is null returning id`),
  );
  if (!closed.length) throw conflict(`${who(asset)} is not checked out.`);
  await audit(tx, p, id, 'checked_in', { checkout: closed[0]!.id, note: body.note }, now);
  return getAsset(tx, p, id);
}

/**
 * `POST asset/bulk_check_out/`: the form filled once and the tags scanned, all checked out or none. Unknown tags,
 * tags scanned twice, assets already out and assets not in use are each named (`tags.<n>`); nothing is saved then.
 * The assets are read and locked in one statement, the check-outs and audit rows written in one each.
 */
export async function bulkCheckOut(tx: Tx, p: Principal, body: z.output<typeof assetBulkCheckOutBody>, now = new Date()): Promise<AssetBulkCheckOutReply> {
  const facility = adminFacility(p);
  const today = lagosToday(now);
  const to = await targetName(tx, facility, body, today);
  const wanted = body.tags.map((t) => t.toLowerCase());
  const found = rowsOf<Locked & { held_by: string | null; held_since: Date | string | null }>(
    await tx.execute(sql`
      select a.id, a.tag, a.name, a.status, a.generic_id,
             case when co.id is null then null else coalesce(b.name, ${userName(sql.raw('co.user_id'))}, l.name, '') end as held_by,
             co.checked_out_at as held_since
      from assets a
      left join asset_checkouts co on co.asset_id = a.id and co.checked_in_at is null
      left join benches b on b.id = co.bench_id
      left join asset_locations l on l.id = co.location_id
      where a.facility_id = ${facility} and lower(a.tag) in (${sql.join(
        wanted.map((t) => sql`${t}`),
        sql`, `,
      )})
      order by a.id
      for update of a`),
  );
  const byTag = new Map(found.map((a) => [a.tag.toLowerCase(), a]));
  const errors: Record<string, string[]> = {};
  wanted.forEach((tag, i) => {
    const a = byTag.get(tag);
    const field = `tags.${i}`;
    if (wanted.indexOf(tag) !== i) errors[field] = [`${body.tags[i]} is scanned twice.`];
    else if (!a) errors[field] = [`Unknown tag ${body.tags[i]}: no asset here has it.`];
    else if (a.held_by != null) errors[field] = [heldBy(a, { to: a.held_by, since: a.held_since! })];
    else if (a.status !== 'in_use') errors[field] = [`${who(a)} is ${STATUS_WORDS[a.status] ?? a.status}: not available.`];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const assets = wanted.map((tag) => byTag.get(tag)!);
  await guardOpen(() =>
    insertCheckouts(
      tx,
      p,
      assets.map((a) => a.id),
      body,
      now,
    ),
  );
  await recordAudits(
    tx,
    p,
    assets.map((a) => ({
      action: 'asset.checked_out',
      entity: 'asset',
      entityId: String(a.id),
      reason: 'bulk check-out',
      after: { to, bench: body.bench, user: body.user, location: body.location, expected_back: body.expected_back, note: body.note },
      at: now,
    })),
  );
  return { checked_out: assets.map((a) => ({ id: a.id, tag: a.tag, name: a.name })), to_name: to };
}
