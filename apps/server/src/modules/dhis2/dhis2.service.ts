import {
  DHIS2_CSV_COLUMNS,
  DHIS2_PERIOD_MESSAGE,
  type Dhis2ExportDetail,
  type Dhis2ExportItem,
  type Dhis2ExportQuery,
  type Dhis2Indicator,
  type Dhis2MappingItem,
  type Dhis2MappingsBody,
  type Dhis2OrgUnitItem,
  type Dhis2OrgUnitsBody,
  type Dhis2Payload,
  type Dhis2Preview,
  type Dhis2Scope,
  type Dhis2SendBody,
  type Dhis2Settings,
  type Dhis2SettingsBody,
  dhis2Indicators,
  dhis2PeriodDays,
} from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { checkOutboundUrl, refusalOf } from '../../core/outbound.js';
import { type SecretBox, SecretUnreadable } from '../../core/secret-box.js';
import { iso } from '../../core/sql-values.js';
import { toCsv } from '../../core/export/csv.js';
import { addDays, lagosToday } from '../../core/period.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Principal } from '../users/principal.js';
import { userName } from '../users/user-name.js';
import { requireDhis2Admin } from './dhis2.access.js';
import { type Dhis2Outcome, dhis2Outbound, postDataValueSets, REFUSAL_MESSAGES } from './dhis2.client.js';
import { indicatorValues } from './dhis2.indicators.js';

/**
 * DHIS2 monthly aggregates: the server (one row, its password never in a reply and sealed at rest), the indicators'
 * mappings, the facilities' org units, the month's dataValueSets payload for a scope (preview, JSON, CSV), and its
 * sending — a dry run or the import — with DHIS2's import summary kept in dhis2_exports. Every call is the super
 * admin's (dhis2.access.ts).
 */

/** Where the password is kept: the additional data its sealing is bound to (core/secret-box.ts). */
const PASSWORD_PLACE = 'dhis2_settings.password';

interface SettingsRow {
  base_url: string;
  username: string;
  password: string;
  data_set: string;
  by: string | null;
  at: unknown;
}

async function settingsRow(db: Tx): Promise<SettingsRow> {
  const [row] = rowsOf<SettingsRow>(
    await db.execute(sql`select s.base_url, s.username, s.password, s.data_set,
      case when s.updated_by is null then null else ${userName(sql`s.updated_by`)} end as by, s.updated_at as at
      from dhis2_settings s where s.id = 1`),
  );
  return row ?? { base_url: '', username: '', password: '', data_set: '', by: null, at: null };
}

const settingsReply = (r: SettingsRow): Dhis2Settings => ({
  base_url: r.base_url,
  username: r.username,
  password_set: r.password !== '',
  data_set: r.data_set,
  configured: r.base_url !== '' && r.username !== '' && r.password !== '' && r.data_set !== '',
  updated_by: r.by,
  updated_at: iso(r.at),
});

export async function getSettings(db: Tx, p: Principal): Promise<Dhis2Settings> {
  requireDhis2Admin(p);
  return settingsReply(await settingsRow(db));
}

/** http(s), no credentials, query or fragment; the trailing slash dropped. '' clears it. */
function baseUrlShape(value: string): string {
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ValidationError.field('base_url', 'Enter the DHIS2 server’s address, e.g. https://dhis2.example.org.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw ValidationError.field('base_url', 'The address must start with http:// or https://.');
  if (url.username || url.password) throw ValidationError.field('base_url', 'Give the username and password in their own fields, not in the address.');
  if (url.search || url.hash) throw ValidationError.field('base_url', 'The address takes no query or fragment.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The settings' checks that need no database, made before the transaction: the username, the address's shape, and
 * the outbound policy (dhis2.client.ts `dhis2Outbound`) on the address and on every address its name resolves to —
 * https on the internet unless the operator allows the host. Answers the body with the address written as it is kept.
 */
export async function checkSettings(p: Principal, body: Dhis2SettingsBody, policy = dhis2Outbound()): Promise<Dhis2SettingsBody> {
  requireDhis2Admin(p);
  // Basic authentication joins the two with a colon: a username holding one could not be sent.
  if (body.username.includes(':')) throw ValidationError.field('username', 'A username cannot contain ":".');
  const base = baseUrlShape(body.base_url);
  const refusal = base === '' ? null : await checkOutboundUrl(new URL(base), policy);
  if (refusal) throw ValidationError.field('base_url', REFUSAL_MESSAGES[refusal]);
  return { ...body, base_url: base };
}

/** Save settings as `checkSettings` answered them; a password given is kept sealed (core/secret-box.ts). */
export async function saveSettings(tx: Tx, p: Principal, body: Dhis2SettingsBody, secrets: SecretBox, now = new Date()): Promise<Dhis2Settings> {
  requireDhis2Admin(p);
  const base = baseUrlShape(body.base_url);
  const before = await settingsRow(tx);
  const password = body.password === undefined ? before.password : secrets.seal(body.password, PASSWORD_PLACE);
  await tx.execute(sql`insert into dhis2_settings (id, base_url, username, password, data_set, updated_by, updated_at)
    values (1, ${base}, ${body.username}, ${password}, ${body.data_set}, ${p.id}, ${now.toISOString()}::timestamptz)
    on conflict (id) do update set base_url = excluded.base_url, username = excluded.username, password = excluded.password,
      data_set = excluded.data_set, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  // The audit trail says that the password changed, never what it is.
  await recordAudit(tx, p, {
    action: 'dhis2.settings_changed',
    entity: 'dhis2_settings',
    entityId: '1',
    before: { base_url: before.base_url, username: before.username, data_set: before.data_set, password_set: before.password !== '' },
    after: {
      base_url: base,
      username: body.username,
      data_set: body.data_set,
      password_set: password !== '',
      // A password was entered (the sealed values cannot be compared: each sealing is different).
      password_changed: body.password !== undefined && (body.password !== '' || before.password !== ''),
    },
    at: now,
  });
  return settingsReply(await settingsRow(tx));
}

/**
 * The start-up step: the kept password sealed under the current server secret — a value kept as plain text before
 * encryption, or sealed under PREVIOUS_JWT_SECRET before a rotation. The update applies only if nobody changed the
 * value meanwhile (the processes of a cluster each run it). `unreadable`: no secret given opens it.
 */
export async function resealDhis2Password(db: Tx, secrets: SecretBox): Promise<'unchanged' | 'resealed' | 'unreadable'> {
  const [row] = rowsOf<{ password: string }>(await db.execute(sql`select password from dhis2_settings where id = 1`));
  if (!row) return 'unchanged';
  const sealed = secrets.reseal(row.password, PASSWORD_PLACE);
  if (sealed === 'unchanged' || sealed === 'unreadable') return sealed;
  await db.execute(sql`update dhis2_settings set password = ${sealed.value} where id = 1 and password = ${row.password}`);
  return 'resealed';
}

// Mappings

interface MappingRow {
  indicator: string;
  data_element: string;
  category_option_combo: string;
  at: unknown;
}

async function mappingRows(db: Tx): Promise<Map<string, MappingRow>> {
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

// The month's payload

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

// Sending and the history

interface ExportRow {
  id: number;
  period: string;
  scope: Dhis2Scope;
  data_set: string;
  dry_run: boolean;
  status: 'sent' | 'failed';
  value_count: number;
  http_status: number | null;
  imported: number;
  updated: number;
  ignored: number;
  deleted: number;
  conflicts: Dhis2ExportItem['conflicts'];
  error: string;
  created_by: string | null;
  created_at: unknown;
  payload?: Dhis2Payload;
  import_status: string | null;
}

const exportColumns = sql`e.id, e.period, e.scope, e.data_set, e.dry_run, e.status, e.value_count, e.http_status, e.imported, e.updated,
  e.ignored, e.deleted, e.conflicts, e.error,
  coalesce(e.summary->'response'->>'status', e.summary->>'status', '') as import_status,
  case when e.created_by is null then null else ${userName(sql`e.created_by`)} end as created_by, e.created_at`;

const exportItem = (r: ExportRow): Dhis2ExportItem => ({
  id: r.id,
  period: r.period,
  scope: r.scope,
  data_set: r.data_set,
  dry_run: r.dry_run,
  status: r.status,
  import_status: r.import_status ?? '',
  value_count: r.value_count,
  http_status: r.http_status,
  imported: r.imported,
  updated: r.updated,
  ignored: r.ignored,
  deleted: r.deleted,
  conflicts: r.conflicts ?? [],
  error: r.error,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
});

export async function listExports(db: Tx, p: Principal): Promise<Dhis2ExportItem[]> {
  requireDhis2Admin(p);
  return rowsOf<ExportRow>(await db.execute(sql`select ${exportColumns} from dhis2_exports e order by e.id desc limit 200`)).map(exportItem);
}

export async function getExport(db: Tx, p: Principal, id: number): Promise<Dhis2ExportDetail> {
  requireDhis2Admin(p);
  const [row] = rowsOf<ExportRow>(await db.execute(sql`select ${exportColumns}, e.payload from dhis2_exports e where e.id = ${id}`));
  if (!row) throw notFound();
  return { ...exportItem(row), payload: row.payload! };
}

/**
 * Send the month's payload for the scope to the configured server, as a dry run or for real, and keep what DHIS2
 * answered (or why it could not be reached) with one audit row. The request to DHIS2 is made outside any
 * transaction; its outcome is written in one.
 */
export async function sendExport(db: Db, p: Principal, body: Dhis2SendBody, secrets: SecretBox, send = postDataValueSets): Promise<Dhis2ExportDetail> {
  requireDhis2Admin(p);
  const settings = await settingsRow(db);
  for (const [field, value] of [
    ['base_url', settings.base_url],
    ['username', settings.username],
    ['password', settings.password],
    ['data_set', settings.data_set],
  ] as const)
    if (!value) throw ValidationError.field(field, 'The DHIS2 server is not configured: set its address, username, password and data set first.');
  // An address kept before the outbound policy, or one the operator no longer allows: nothing is sent.
  const refusal = refusalOf(new URL(settings.base_url), dhis2Outbound());
  if (refusal) throw ValidationError.field('base_url', REFUSAL_MESSAGES[refusal]);
  const preview = await buildPreview(db, p, body);
  if (!preview.payload.dataValues.length) throw ValidationError.field('period', 'Nothing to send: no mapped value for this month and scope.');
  let password: string;
  try {
    password = secrets.open(settings.password, PASSWORD_PLACE);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    throw ValidationError.field('password', 'The kept password cannot be read with the server’s secret (JWT_SECRET changed): enter it again.');
  }
  const outcome: Dhis2Outcome = await send({ baseUrl: settings.base_url, username: settings.username, password }, preview.payload, body.dry_run);
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into dhis2_exports (period, scope, data_set, dry_run, status, value_count, payload, http_status,
          imported, updated, ignored, deleted, conflicts, summary, error, created_by)
        values (${body.period}, ${JSON.stringify(preview.scope)}::jsonb, ${settings.data_set}, ${body.dry_run}, ${outcome.ok ? 'sent' : 'failed'},
          ${preview.payload.dataValues.length}, ${JSON.stringify(preview.payload)}::jsonb, ${outcome.httpStatus},
          ${outcome.imported}, ${outcome.updated}, ${outcome.ignored}, ${outcome.deleted}, ${JSON.stringify(outcome.conflicts)}::jsonb,
          ${outcome.summary == null ? null : JSON.stringify(outcome.summary)}::jsonb, ${outcome.error}, ${p.id})
        returning id`),
    );
    await recordAudit(tx, p, {
      action: body.dry_run ? 'dhis2.dry_run' : 'dhis2.sent',
      entity: 'dhis2_exports',
      entityId: String(row!.id),
      after: {
        period: body.period,
        scope: preview.scope,
        values: preview.payload.dataValues.length,
        status: outcome.ok ? 'sent' : 'failed',
        import_status: outcome.importStatus,
        imported: outcome.imported,
        updated: outcome.updated,
        ignored: outcome.ignored,
        conflicts: outcome.conflicts.length,
        error: outcome.error,
      },
    });
    return getExport(tx, p, row!.id);
  });
}
