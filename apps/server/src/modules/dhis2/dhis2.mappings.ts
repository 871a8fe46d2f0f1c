/** The indicators' data elements and the facilities' org units, as the super admin maps them. */
import { type Dhis2MappingItem, type Dhis2MappingsBody, type Dhis2OrgUnitItem, type Dhis2OrgUnitsBody, dhis2Indicators } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/users.service.js';
import { requireDhis2Admin } from './dhis2.access.js';

interface MappingRow {
  indicator: string;
  data_element: string;
  category_option_combo: string;
  at: unknown;
}

export async function mappingRows(db: Tx): Promise<Map<string, MappingRow>> {
  const rows = rowsOf<MappingRow>(
    await db.execute(sql`select indicator, data_element, category_option_combo, updated_at as at from dhis2_mappings where is_active`),
  );
  return new Map(rows.map((r) => [r.indicator, r]));
}

export async function listMappings(db: Tx, p: Principal): Promise<Dhis2MappingItem[]> {
  requireDhis2Admin(p);
  const kept = await mappingRows(db);
  return dhis2Indicators().map((i) => {
    const m = kept.get(i.key);
    return {
      indicator: i.key,
      measure: i.measure,
      programme: i.programme,
      ...(i.band != null ? { band: i.band, band_label: i.band_label } : {}),
      ...(i.age_band ? { age_band: i.age_band } : {}),
      ...(i.disease ? { disease: i.disease } : {}),
      data_element: m?.data_element ?? '',
      category_option_combo: m?.category_option_combo ?? '',
      updated_at: iso(m?.at),
    };
  });
}

/** Save the mappings given (a data element '' removes one), in one transaction with one audit row. */
export async function saveMappings(tx: Tx, p: Principal, body: Dhis2MappingsBody, now = new Date()): Promise<Dhis2MappingItem[]> {
  requireDhis2Admin(p);
  const known = new Set(dhis2Indicators().map((i) => i.key));
  const seen = new Set<string>();
  body.mappings.forEach((m, i) => {
    if (!known.has(m.indicator)) throw new ValidationError({ [`mappings.${i}.indicator`]: [`"${m.indicator.slice(0, 100)}" is not an indicator.`] });
    if (seen.has(m.indicator)) throw new ValidationError({ [`mappings.${i}.indicator`]: [`"${m.indicator}" is given twice.`] });
    if (!m.data_element && m.category_option_combo)
      throw new ValidationError({ [`mappings.${i}.data_element`]: ['A category option combo needs its data element.'] });
    seen.add(m.indicator);
  });
  const before = await mappingRows(tx);
  const removed = body.mappings.filter((m) => !m.data_element).map((m) => m.indicator);
  const kept = body.mappings.filter((m) => m.data_element);
  if (removed.length)
    await tx.execute(
      sql`delete from dhis2_mappings where indicator in (${sql.join(
        removed.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  if (kept.length)
    await tx.execute(sql`insert into dhis2_mappings (indicator, data_element, category_option_combo, is_active, updated_by, updated_at)
      values ${sql.join(
        kept.map((m) => sql`(${m.indicator}, ${m.data_element}, ${m.category_option_combo}, true, ${p.id}, ${now.toISOString()}::timestamptz)`),
        sql`, `,
      )}
      on conflict (indicator) do update set data_element = excluded.data_element, category_option_combo = excluded.category_option_combo,
        is_active = true, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  const changed = body.mappings.filter((m) => {
    const b = before.get(m.indicator);
    return (b?.data_element ?? '') !== m.data_element || (b?.category_option_combo ?? '') !== (m.data_element ? m.category_option_combo : '');
  });
  if (changed.length)
    await recordAudit(tx, p, {
      action: 'dhis2.mappings_changed',
      entity: 'dhis2_mappings',
      before: changed.map((m) => ({
        indicator: m.indicator,
        data_element: before.get(m.indicator)?.data_element ?? '',
        category_option_combo: before.get(m.indicator)?.category_option_combo ?? '',
      })),
      after: changed.map((m) => ({
        indicator: m.indicator,
        data_element: m.data_element,
        category_option_combo: m.data_element ? m.category_option_combo : '',
      })),
      at: now,
    });
  return listMappings(tx, p);
}

// Org units

export async function listOrgUnits(db: Tx, p: Principal): Promise<Dhis2OrgUnitItem[]> {
  requireDhis2Admin(p);
  return rowsOf<Dhis2OrgUnitItem>(
    await db.execute(sql`select f.id as facility, f.facility_name, f.facility_code, f.state_id, st.name as state, f.lga_id, l.name as lga, coalesce(o.org_unit, '') as org_unit
      from facilities f join states st on st.id = f.state_id join lgas l on l.id = f.lga_id
      left join dhis2_org_units o on o.facility_id = f.id
      order by st.name, l.name, f.facility_name, f.id`),
  );
}

export async function saveOrgUnits(tx: Tx, p: Principal, body: Dhis2OrgUnitsBody, now = new Date()): Promise<Dhis2OrgUnitItem[]> {
  requireDhis2Admin(p);
  const ids = [...new Set(body.org_units.map((o) => o.facility))];
  if (ids.length !== body.org_units.length) throw ValidationError.field('org_units', 'A facility is given twice.');
  const found = new Set(
    rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from facilities where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => r.id),
  );
  body.org_units.forEach((o, i) => {
    if (!found.has(o.facility)) throw new ValidationError({ [`org_units.${i}.facility`]: [`Invalid pk "${o.facility}" - object does not exist.`] });
  });
  const before = new Map(
    rowsOf<{ facility_id: number; org_unit: string }>(await tx.execute(sql`select facility_id, org_unit from dhis2_org_units`)).map((r) => [
      r.facility_id,
      r.org_unit,
    ]),
  );
  const removed = body.org_units.filter((o) => !o.org_unit).map((o) => o.facility);
  const kept = body.org_units.filter((o) => o.org_unit);
  if (removed.length)
    await tx.execute(
      sql`delete from dhis2_org_units where facility_id in (${sql.join(
        removed.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  if (kept.length)
    await tx.execute(sql`insert into dhis2_org_units (facility_id, org_unit, updated_by, updated_at)
      values ${sql.join(
        kept.map((o) => sql`(${o.facility}, ${o.org_unit}, ${p.id}, ${now.toISOString()}::timestamptz)`),
        sql`, `,
      )}
      on conflict (facility_id) do update set org_unit = excluded.org_unit, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  const changed = body.org_units.filter((o) => (before.get(o.facility) ?? '') !== o.org_unit);
  if (changed.length)
    await recordAudit(tx, p, {
      action: 'dhis2.org_units_changed',
      entity: 'dhis2_org_units',
      before: changed.map((o) => ({ facility: o.facility, org_unit: before.get(o.facility) ?? '' })),
      after: changed.map((o) => ({ facility: o.facility, org_unit: o.org_unit })),
      at: now,
    });
  return listOrgUnits(tx, p);
}
