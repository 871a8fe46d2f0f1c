import { PROGRAMS, type TierArea } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { programsWhere } from '../../../core/access.js';
import { rowsOf, type Db } from '../../../core/db.js';
import { forbidden, ValidationError } from '../../../core/errors.js';
import type { Principal } from '../../users/users.service.js';

/**
 * Who may see which area's aggregates, in one place (DESIGN §3 data scope): a
 * federal user (user_location 1) and the super admin the nation, a state user
 * (2) their state, an LGA user (3) their LGA, facility staff their facility
 * (in the programmes they hold a role in). The query's `states`, `lga` and
 * `facility` narrow that area and never widen it: a place outside it is a 403,
 * a place that does not exist a 400 naming the field.
 */
export interface Scope {
  /** The area the figures are of (the caller's, narrowed by the query). */
  area: TierArea;
  /** Conditions on the facilities (alias `f`) inside the area. */
  where: SQL[];
  /** Programmes whose rows the caller may see (facility staff); null: every programme. */
  programIds: number[] | null;
  /** Cases of 1–4 in cells below state level are suppressed for officials (facility staff see their own exact figures). */
  suppress: boolean;
}

interface Place {
  id: number;
  name: string;
  state_id: number | null;
  lga_id: number | null;
}

async function placeOf(db: Db, field: 'states' | 'lga' | 'facility', id: number): Promise<Place> {
  const q =
    field === 'states'
      ? sql`select id, name, id as state_id, null::int as lga_id from states where id = ${id}`
      : field === 'lga'
        ? sql`select id, name, state_id, id as lga_id from lgas where id = ${id}`
        : sql`select id, facility_name as name, state_id, lga_id from facilities where id = ${id}`;
  const [row] = rowsOf<Place>(await db.execute(q));
  if (!row) throw ValidationError.field(field, `No such ${field === 'states' ? 'state' : field === 'lga' ? 'LGA' : 'facility'}.`);
  return row;
}

const OUTSIDE = 'This place is outside your area: you may see the figures of your own area only.';

export async function scopeOf(db: Db, p: Principal, q: { states?: number; lga?: number; facility?: number }): Promise<Scope> {
  // The caller's own area.
  let own: { level: TierArea['level']; id: number | null; stateId: number | null; lgaId: number | null; facilityId: number | null };
  let programIds: number[] | null = null;
  let suppress = true;
  const tier = p.isSuperuser ? null : p.userLocation;
  if (p.isSuperuser || tier === 1) own = { level: 'nation', id: null, stateId: null, lgaId: null, facilityId: null };
  else if ((tier === 3 || tier === 4) && p.lgaId) own = { level: 'lga', id: p.lgaId, stateId: p.stateId, lgaId: p.lgaId, facilityId: null };
  else if ((tier === 2 || tier === 4) && p.stateId) own = { level: 'state', id: p.stateId, stateId: p.stateId, lgaId: null, facilityId: null };
  else if (tier == null && p.facilityId && p.roles.length) {
    own = { level: 'facility', id: p.facilityId, stateId: null, lgaId: null, facilityId: p.facilityId };
    const held = programsWhere(p, 'read', PROGRAMS);
    if (!held.length) throw forbidden('Your role may not view this facility’s figures.');
    programIds = p.roles.filter((r) => held.includes(r.program)).map((r) => r.programId);
    suppress = false;
  } else throw forbidden('Only health officials and laboratory staff have dashboards.');
  if (p.isSuperuser) suppress = false;

  // The narrowest place asked for, checked to lie inside the caller's area.
  const inside = (place: Place, field: 'states' | 'lga' | 'facility') => {
    if (own.level === 'state' && place.state_id !== own.stateId) throw forbidden(OUTSIDE);
    if (own.level === 'lga' && (field === 'states' ? place.id !== own.stateId : place.lga_id !== own.lgaId)) throw forbidden(OUTSIDE);
    // Staff may name their facility's state or LGA; they add nothing to their one facility.
    if (own.level === 'facility' && field === 'facility' && place.id !== own.facilityId) throw forbidden(OUTSIDE);
  };
  let area: TierArea = { level: own.level, id: own.id, name: '' };
  const where: SQL[] = [];
  if (own.level === 'state') where.push(sql`f.state_id = ${own.stateId}`);
  if (own.level === 'lga') where.push(sql`f.lga_id = ${own.lgaId}`);
  if (own.level === 'facility') where.push(sql`f.id = ${own.facilityId}`);
  const places: [Place, 'states' | 'lga' | 'facility'][] = [];
  if (q.states) places.push([await placeOf(db, 'states', q.states), 'states']);
  if (q.lga) places.push([await placeOf(db, 'lga', q.lga), 'lga']);
  if (q.facility) places.push([await placeOf(db, 'facility', q.facility), 'facility']);
  for (const [place, field] of places) {
    inside(place, field);
    if (own.level === 'facility') continue;
    if (field === 'states') where.push(sql`f.state_id = ${place.id}`);
    if (field === 'lga') where.push(sql`f.lga_id = ${place.id}`);
    if (field === 'facility') where.push(sql`f.id = ${place.id}`);
    const level = field === 'states' ? 'state' : field;
    if (RANK[level] > RANK[area.level]) area = { level, id: place.id, name: place.name };
  }
  if (!area.name) area = { ...area, name: await nameOf(db, area) };
  return { area, where, programIds, suppress };
}

const RANK: Record<TierArea['level'], number> = { nation: 0, state: 1, lga: 2, facility: 3 };

async function nameOf(db: Db, area: TierArea): Promise<string> {
  if (area.level === 'nation' || area.id == null) return 'Nigeria';
  const table = area.level === 'state' ? sql`states` : area.level === 'lga' ? sql`lgas` : null;
  const q = table ? sql`select name from ${table} where id = ${area.id}` : sql`select facility_name as name from facilities where id = ${area.id}`;
  return rowsOf<{ name: string }>(await db.execute(q))[0]?.name ?? '';
}

/** The level one below an area: its states, LGAs or facilities. */
export const levelBelow = (level: TierArea['level']): 'state' | 'lga' | 'facility' => (level === 'nation' ? 'state' : level === 'state' ? 'lga' : 'facility');
