import type { AssetAvailability, AssetUnavailable, UnavailableState } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { iso } from '../../core/sql-values.js';
import { staffFacility } from './assets.access.js';

/**
 * The rule that matters: an analyser under repair, out of service or past its calibration is not chosen for results or
 * worksheets. A machine setting is unavailable when an asset linked to it is; one without an asset is available. An
 * instrument (the global reference) is refused at a facility when it has machines there and every one is unavailable.
 */

/** The open down period (repair or out of service) of an asset that is not in use: since when, and the fault or reason. */
export const OPEN_DOWN = sql.raw(`left join lateral (
    select x.down_from, x.work_done from asset_maintenance x
    where x.asset_id = a.id and x.down_to is null and x.kind in ('repair', 'out_of_service')
    order by x.down_from desc, x.id desc limit 1) down on a.status <> 'in_use'`);
/** The latest calibration's end (the furthest `valid_until`). */
export const CALIBRATION = sql.raw(`left join lateral (
    select max(c.valid_until) as valid_until from asset_calibrations c where c.asset_id = a.id) cal on true`);

/** What decides an asset's availability, as the queries read it. */
export interface StateFacts {
  id: number;
  tag: string;
  name: string;
  status: string;
  since: unknown;
  note: string | null;
  valid_until: string | null;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });
/** 24 Nov 2026: a moment in Lagos, or a calendar date. */
export function formatDay(value: string | Date | null): string {
  if (value == null) return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return DAY.format(d);
}

/** The sentence the API gives: "GeneXpert IV (tag YABA-0007) is under repair since 24 Nov 2026." */
export function unavailableReason(u: Pick<AssetUnavailable, 'name' | 'tag' | 'state' | 'since' | 'valid_until' | 'note'>): string {
  const who = `${u.name} (tag ${u.tag})`;
  if (u.state === 'under_repair') return `${who} is under repair since ${formatDay(u.since)}.`;
  if (u.state === 'out_of_service') {
    const why = u.note.trim().replace(/[.\s]+$/, '');
    return `${who} is out of service since ${formatDay(u.since)}${why ? `: ${why}` : ''}.`;
  }
  return `${who} is past its calibration (valid until ${formatDay(u.valid_until)}).`;
}

/** Why this asset cannot be used for results today, or null when it can. */
export function unavailableOf(f: StateFacts, today: string): AssetUnavailable | null {
  const state: UnavailableState | null =
    f.status === 'under_repair' || f.status === 'out_of_service'
      ? f.status
      : f.valid_until != null && f.valid_until < today
        ? ('calibration_overdue' as const)
        : null;
  if (!state) return null;
  const u = {
    asset: f.id,
    tag: f.tag,
    name: f.name,
    state,
    since: state === 'calibration_overdue' ? null : iso(f.since),
    valid_until: f.valid_until,
    note: f.note ?? '',
  };
  return { ...u, reason: unavailableReason(u) };
}

interface MachineRow extends Omit<StateFacts, 'id' | 'tag' | 'name' | 'status'> {
  machine: number;
  machine_name: string;
  facility: number;
  instrument: number | null;
  instrument_name: string | null;
  id: number | null;
  tag: string | null;
  name: string | null;
  status: string | null;
}

/** Machine settings (those `where` picks) with each linked asset's facts: one query. */
async function machineRows(db: Tx, where: SQL, activeOnly = true): Promise<MachineRow[]> {
  return rowsOf<MachineRow>(
    await db.execute(sql`
      select ms.id as machine, ms.name as machine_name, ms.facility_id as facility, ms.instrument_id as instrument, i.name as instrument_name,
             a.id, a.tag, a.name, a.status, down.down_from as since, down.work_done as note, cal.valid_until::text as valid_until
      from machine_settings ms
      left join instruments i on i.id = ms.instrument_id
      left join assets a on a.machine_setting_id = ms.id and a.facility_id = ms.facility_id
      ${OPEN_DOWN}
      ${CALIBRATION}
      where ${activeOnly ? sql`ms.is_active and ` : sql``}${where}
      order by lower(ms.name), ms.id, lower(a.tag)`),
  );
}

interface Machine {
  id: number;
  name: string;
  facility: number;
  instrument: number | null;
  instrument_name: string | null;
  unavailable: AssetUnavailable[];
}

function machinesOf(rows: readonly MachineRow[], today: string): Machine[] {
  const byId = new Map<number, Machine>();
  for (const r of rows) {
    const m = byId.get(r.machine) ?? {
      id: r.machine,
      name: r.machine_name,
      facility: r.facility,
      instrument: r.instrument,
      instrument_name: r.instrument_name,
      unavailable: [],
    };
    byId.set(r.machine, m);
    if (r.id == null) continue;
    const u = unavailableOf(r as StateFacts, today);
    if (u) m.unavailable.push(u);
  }
  return [...byId.values()];
}

/** An instrument's machines here, and — when every one is unavailable — why each is. */
function instrumentVerdict(machines: readonly Machine[]): AssetUnavailable[] | null {
  if (!machines.length || machines.some((m) => !m.unavailable.length)) return null;
  return machines.flatMap((m) => m.unavailable);
}

/**
 * Result entry (every path: manual, a worksheet's results file, an amendment): refuse an instrument whose every
 * machine at the result's facility is unavailable, naming the asset and why. One query for the whole batch.
 */
export async function assertInstrumentsAvailable(
  tx: Tx,
  items: readonly { facilityId: number; body: { instrument?: number | null } }[],
  today = lagosToday(),
): Promise<void> {
  const pairs = new Map<string, { facility: number; instrument: number }>();
  for (const i of items)
    if (i.body.instrument != null) pairs.set(`${i.facilityId}:${i.body.instrument}`, { facility: i.facilityId, instrument: i.body.instrument });
  if (!pairs.size) return;
  const values = sql.join(
    [...pairs.values()].map((p) => sql`(${p.facility}::int, ${p.instrument}::int)`),
    sql`, `,
  );
  const machines = machinesOf(await machineRows(tx, sql`(ms.facility_id, ms.instrument_id) in (values ${values})`), today);
  for (const p of pairs.values()) {
    const refused = instrumentVerdict(machines.filter((m) => m.facility === p.facility && m.instrument === p.instrument));
    if (refused) throw ValidationError.field('instrument', refused.map((u) => u.reason).join(' '));
  }
}

/** A worksheet's machine: refused (400 on `field`) while an asset linked to it is unavailable. */
export async function assertMachineAvailable(tx: Tx, machineId: number, field = 'machine', today = lagosToday()): Promise<void> {
  const [machine] = machinesOf(await machineRows(tx, sql`ms.id = ${machineId}`, false), today);
  if (machine?.unavailable.length) throw ValidationError.field(field, machine.unavailable.map((u) => u.reason).join(' '));
}

/** `GET asset/availability/`: each machine setting of the caller's facility and each instrument with machines here. */
export async function availability(db: Db, p: Principal, today = lagosToday()): Promise<AssetAvailability> {
  const facility = staffFacility(p);
  const machines = machinesOf(await machineRows(db, sql`ms.facility_id = ${facility}`), today);
  const instruments = new Map<number, { name: string; machines: Machine[] }>();
  for (const m of machines) {
    if (m.instrument == null) continue;
    const entry = instruments.get(m.instrument) ?? { name: m.instrument_name ?? '', machines: [] };
    entry.machines.push(m);
    instruments.set(m.instrument, entry);
  }
  return {
    machines: machines.map(({ facility: _facility, ...m }) => ({ ...m, available: !m.unavailable.length })),
    instruments: [...instruments.entries()]
      .map(([id, e]) => {
        const refused = instrumentVerdict(e.machines);
        return { id, name: e.name, available: refused == null, unavailable: refused ?? [] };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
