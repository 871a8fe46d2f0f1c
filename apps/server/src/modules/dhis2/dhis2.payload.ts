/** The month's dataValueSets payload for a scope (preview, JSON, CSV), built from the indicators and the mappings. */
import {
  DHIS2_CSV_COLUMNS,
  DHIS2_PERIOD_MESSAGE,
  type Dhis2ExportQuery,
  type Dhis2Indicator,
  type Dhis2Payload,
  type Dhis2Preview,
  type Dhis2Scope,
  dhis2Indicators,
  dhis2PeriodDays,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { toCsv } from '../../core/export/csv.js';
import { addDays, lagosToday } from '../../core/period.js';
import type { Principal } from '../users/users.service.js';
import { requireDhis2Admin } from './dhis2.access.js';
import { indicatorValues } from './dhis2.indicators.js';
import { mappingRows } from './dhis2.mappings.js';
import { settingsRow } from './dhis2.settings.js';

/** The month asked for: a well-formed YYYYMM that has begun (Lagos), else a 400 naming `period`. */
function checkPeriod(period: string): { start: string; next: string } {
  const days = dhis2PeriodDays(period);
  if (!days) throw ValidationError.field('period', DHIS2_PERIOD_MESSAGE);
  if (days.start > lagosToday()) throw ValidationError.field('period', 'This month has not begun.');
  return days;
}

/** The scope: every facility, or one state, LGA or facility (each checked to exist); at most one of them. */
async function resolveScope(
  db: Tx,
  q: { state?: number; lga?: number; facility?: number },
): Promise<{ scope: Dhis2Scope; facilities: { id: number; name: string }[] }> {
  const given = (['state', 'lga', 'facility'] as const).filter((k) => q[k] != null);
  if (given.length > 1) throw ValidationError.field(given[1]!, `Give one of state, LGA or facility, not ${given.join(' and ')}.`);
  const level = given[0] ?? 'all';
  let name = '';
  if (level !== 'all') {
    const id = q[level]!;
    const table = { state: sql`states`, lga: sql`lgas`, facility: sql`facilities` }[level];
    const col = level === 'facility' ? sql`facility_name` : sql`name`;
    const [row] = rowsOf<{ name: string }>(await db.execute(sql`select ${col} as name from ${table} where id = ${id}`));
    if (!row) throw ValidationError.field(level, `Invalid pk "${id}" - object does not exist.`);
    name = row.name;
  }
  const where = level === 'all' ? sql`true` : sql`${sql.raw(level === 'facility' ? 'f.id' : level === 'lga' ? 'f.lga_id' : 'f.state_id')} = ${q[level]!}`;
  const facilities = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select f.id, f.facility_name as name from facilities f where ${where} order by f.facility_name, f.id`),
  );
  return { scope: { level, id: level === 'all' ? null : q[level]!, name }, facilities };
}

/** The month's dataValueSets for the scope, with what was left out and why. */
export async function buildPreview(db: Tx, p: Principal, q: Omit<Dhis2ExportQuery, 'format'>): Promise<Dhis2Preview> {
  requireDhis2Admin(p);
  const month = checkPeriod(q.period);
  const { scope, facilities } = await resolveScope(db, q);
  const [settings, mappings, orgUnitRows] = await Promise.all([
    settingsRow(db),
    mappingRows(db),
    db.execute(sql`select facility_id, org_unit from dhis2_org_units`),
  ]);
  const orgUnits = new Map(rowsOf<{ facility_id: number; org_unit: string }>(orgUnitRows).map((r) => [r.facility_id, r.org_unit]));
  const indicators: Dhis2Indicator[] = dhis2Indicators();
  const values = await indicatorValues(
    db,
    indicators,
    facilities.map((f) => f.id),
    month,
  );

  const rows: Dhis2Preview['rows'] = [];
  const noOrgUnit = new Map<number, { facility: number; facility_name: string; values: number }>();
  const noMapping = new Map<string, number>();
  for (const f of facilities) {
    const ou = orgUnits.get(f.id);
    const v = values.get(f.id);
    if (!v) continue;
    for (const i of indicators) {
      const n = v.get(i.key);
      if (!n) continue;
      const m = mappings.get(i.key);
      if (!ou) {
        const w = noOrgUnit.get(f.id) ?? { facility: f.id, facility_name: f.name, values: 0 };
        w.values += 1;
        noOrgUnit.set(f.id, w);
      }
      if (!m) noMapping.set(i.key, (noMapping.get(i.key) ?? 0) + 1);
      if (!ou || !m) continue;
      rows.push({
        facility: f.id,
        facility_name: f.name,
        org_unit: ou,
        indicator: i.key,
        data_element: m.data_element,
        category_option_combo: m.category_option_combo,
        value: n,
      });
    }
  }
  const mappedCount = indicators.filter((i) => mappings.has(i.key)).length;
  const reportingFacilities = facilities.filter((f) => orgUnits.has(f.id)).length;
  const oneOrgUnit = scope.level === 'facility' ? orgUnits.get(scope.id!) : undefined;
  const payload: Dhis2Payload = {
    ...(settings.data_set ? { dataSet: settings.data_set } : {}),
    period: q.period,
    ...(oneOrgUnit ? { orgUnit: oneOrgUnit } : {}),
    dataValues: rows.map((r) => ({
      dataElement: r.data_element,
      ...(r.category_option_combo ? { categoryOptionCombo: r.category_option_combo } : {}),
      orgUnit: r.org_unit,
      period: q.period,
      value: String(r.value),
    })),
  };
  return {
    period: q.period,
    start_date: month.start,
    end_date: addDays(month.next, -1),
    scope,
    payload,
    rows,
    warnings: {
      no_data_set: !settings.data_set,
      facilities_without_org_unit: [...noOrgUnit.values()],
      indicators_without_mapping: indicators.filter((i) => noMapping.has(i.key)).map((i) => ({ indicator: i.key, values: noMapping.get(i.key)! })),
    },
    zeros_left_out: Math.max(0, mappedCount * reportingFacilities - rows.length),
  };
}

/** The payload as DHIS2's CSV import reads it (its column order; a header row, which DHIS2 skips). */
export function payloadCsv(payload: Dhis2Payload): string {
  return toCsv(
    payload.dataValues.map((v) => ({
      dataelement: v.dataElement,
      period: v.period,
      orgunit: v.orgUnit,
      categoryoptioncombo: v.categoryOptionCombo ?? '',
      attributeoptioncombo: '',
      value: v.value,
      storedby: '',
      lastupdated: '',
      comment: '',
      followup: '',
    })),
    DHIS2_CSV_COLUMNS,
  );
}
