import type { AssetDetail, assetCreateBody, assetUpdateBody } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../core/db.js';
import { pgError } from '../../core/db-errors.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { recordAudits } from '../audit/audit.service.js';
import { lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { at } from '../../core/sql-values.js';
import { adminFacility } from './assets.access.js';
import { getAsset } from './assets.read.js';

type CreateBody = z.output<typeof assetCreateBody>;
type UpdateBody = z.output<typeof assetUpdateBody>;
type Refs = Pick<UpdateBody, 'generic' | 'location' | 'manufacturer' | 'supplier' | 'machine_setting'>;

const COLUMNS = {
  generic: 'generic_id',
  location: 'location_id',
  manufacturer: 'manufacturer_id',
  supplier: 'supplier_id',
  machine_setting: 'machine_setting_id',
} as const;
const INACTIVE: Record<keyof Refs, string> = {
  generic: 'This kind of equipment is no longer in use.',
  location: 'This location is no longer in use.',
  manufacturer: 'This manufacturer is no longer in use.',
  supplier: 'This supplier is no longer in use.',
  machine_setting: 'This machine setting is no longer active.',
};

/**
 * The references a body names, in one query: the kind, location and machine setting must be the facility's, the
 * manufacturer and supplier must exist; an inactive one is refused unless the asset already had it.
 */
async function checkRefs(tx: Tx, facility: number, body: Refs, had: Partial<Record<keyof Refs, number | null>> = {}): Promise<void> {
  const id = (v: number | null | undefined) => v ?? null;
  const [found] = rowsOf<Record<keyof Refs, boolean | null>>(
    await tx.execute(sql`
      select (select is_active from asset_generics where id = ${id(body.generic)} and facility_id = ${facility}) as generic,
             (select is_active from asset_locations where id = ${id(body.location)} and facility_id = ${facility}) as location,
             (select is_active from manufacturers where id = ${id(body.manufacturer)}) as manufacturer,
             (select is_active from suppliers where id = ${id(body.supplier)}) as supplier,
             (select is_active from machine_settings where id = ${id(body.machine_setting)} and facility_id = ${facility}) as machine_setting`),
  );
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(COLUMNS) as (keyof Refs)[]) {
    const value = body[key];
    if (value == null) continue;
    const state = found?.[key];
    if (state == null) errors[key] = [`Invalid pk "${value}" - object does not exist.`];
    else if (!state && had[key] !== value) errors[key] = [INACTIVE[key]];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The tag is the facility's one asset's (case-insensitive): a duplicate is a 400 naming `tag` and the asset that has it. */
async function checkTag(tx: Tx, facility: number, tag: string, except: number | null): Promise<void> {
  const [other] = rowsOf<{ name: string; tag: string }>(
    await tx.execute(sql`
      select name, tag from assets where facility_id = ${facility} and lower(tag) = lower(${tag}) and id <> ${except ?? 0} limit 1`),
  );
  if (other) throw ValidationError.field('tag', `The tag ${other.tag} is already ${other.name}'s: each asset here has its own tag.`);
}

function checkInService(date: string | null | undefined): void {
  if (date && date > lagosToday()) throw ValidationError.field('in_service_date', 'The date it went into service cannot be in the future.');
}

/** A unique violation on the tag (two admins saving the same tag at once) is the same 400. */
async function guardTag<T>(tag: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgError(error)?.code === '23505' && tag) throw ValidationError.field('tag', `The tag ${tag} is already used by another asset here.`);
    throw error;
  }
}

/** `POST asset/`: a new asset, in use, with its audit row. */
export async function createAsset(tx: Tx, p: Principal, body: CreateBody, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  checkInService(body.in_service_date);
  await checkRefs(tx, facility, body);
  await checkTag(tx, facility, body.tag, null);
  const id = await guardTag(body.tag, async () => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into assets (facility_id, tag, generic_id, name, model, serial_number, manufacturer_id, supplier_id, location_id,
                            in_service_date, status, machine_setting_id, note, created_by, created_at, updated_at)
        values (${facility}, ${body.tag}, ${body.generic}, ${body.name}, ${body.model}, ${body.serial_number}, ${body.manufacturer},
                ${body.supplier}, ${body.location}, ${body.in_service_date}::date, 'in_use', ${body.machine_setting}, ${body.note}, ${p.id}, ${at(now)}, ${at(now)})
        returning id`),
    );
    return row!.id;
  });
  const after = await getAsset(tx, p, id);
  await recordAudits(tx, p, [{ action: 'asset.created', entity: 'asset', entityId: String(id), after: summary(after), at: now }]);
  return after;
}

/** What an audit row keeps of an asset. */
const summary = (a: AssetDetail) => ({
  tag: a.tag,
  name: a.name,
  generic: a.generic,
  model: a.model,
  serial_number: a.serial_number,
  manufacturer: a.manufacturer,
  supplier: a.supplier,
  location: a.location,
  in_service_date: a.in_service_date,
  machine_setting: a.machine_setting,
  note: a.note,
  status: a.status,
});

/** `PATCH asset/{id}/`: the fields sent change (never the status: the moves change it), with before and after audited. */
export async function updateAsset(tx: Tx, p: Principal, id: number, body: UpdateBody, now = new Date()): Promise<AssetDetail> {
  const facility = adminFacility(p);
  const [current] = rowsOf<{
    generic_id: number | null;
    location_id: number | null;
    manufacturer_id: number | null;
    supplier_id: number | null;
    machine_setting_id: number | null;
  }>(await tx.execute(sql`select * from assets where id = ${id} and facility_id = ${facility} for update`));
  if (!current) throw notFound();
  checkInService(body.in_service_date);
  await checkRefs(tx, facility, body, {
    generic: current.generic_id,
    location: current.location_id,
    manufacturer: current.manufacturer_id,
    supplier: current.supplier_id,
    machine_setting: current.machine_setting_id,
  });
  if (body.tag !== undefined) await checkTag(tx, facility, body.tag, id);
  const before = await getAsset(tx, p, id);
  const sets = [
    body.tag !== undefined && sql`tag = ${body.tag}`,
    body.name !== undefined && sql`name = ${body.name}`,
    body.model !== undefined && sql`model = ${body.model}`,
    body.serial_number !== undefined && sql`serial_number = ${body.serial_number}`,
    body.note !== undefined && sql`note = ${body.note}`,
    body.in_service_date !== undefined && sql`in_service_date = ${body.in_service_date}::date`,
    ...(Object.keys(COLUMNS) as (keyof Refs)[]).map((key) => body[key] !== undefined && sql`${sql.raw(COLUMNS[key])} = ${body[key]}`),
  ].filter((s): s is ReturnType<typeof sql> => s !== false);
  if (!sets.length) return before;
  await guardTag(body.tag, () => tx.execute(sql`update assets set ${sql.join(sets, sql`, `)}, updated_at = ${at(now)} where id = ${id}`));
  const after = await getAsset(tx, p, id);
  await recordAudits(tx, p, [{ action: 'asset.updated', entity: 'asset', entityId: String(id), before: summary(before), after: summary(after), at: now }]);
  return after;
}
