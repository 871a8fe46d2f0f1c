import { z } from 'zod';
import { EID_AGE_BANDS, type EidAgeBand } from '../programmes/eid/eid.js';
import { liveEnum, PRIORITY_DISEASE_PROGRAMME, PRIORITY_DISEASES } from '../programmes/priority.js';
import type { Dhis2OwnMeasure, ProgrammeDefinition } from '../programmes/programme.js';
// The registry fills the programmes and their priority diseases from their definitions: it must have run first.
import { PROGRAM_DEFINITIONS, programDefinition } from '../programmes/registry.js';
import { type VlCutoffs, vlBandLabels, vlCutoffs } from '../programmes/vl/vl.js';

/**
 * DHIS2 monthly aggregates: the indicators the dashboards compute, per facility and calendar month (Africa/Lagos
 * days), mapped to DHIS2 data elements and category option combos, each facility to an organisation unit, and sent
 * to the country's DHIS2 as a `dataValueSets` payload (POST /api/dataValueSets; dry run first).
 */

/** A DHIS2 UID: 11 characters, a letter then letters or digits. */
export const DHIS2_UID = /^[A-Za-z][A-Za-z0-9]{10}$/;
export const DHIS2_UID_MESSAGE = 'A DHIS2 UID is 11 characters: a letter, then letters or digits.';
/** A monthly DHIS2 period: YYYYMM. */
export const DHIS2_PERIOD = /^(\d{4})(0[1-9]|1[0-2])$/;
export const DHIS2_PERIOD_MESSAGE = "Enter a month as 'YYYYMM' (e.g. 202611).";

/**
 * The programmes with tests-done and positives indicators, by the code their keys carry (the programme's code):
 * every registered programme, in its definition's DHIS2 order (`dhis2.order`; those without one follow).
 */
export function dhis2Programmes(): { code: string; programme: string; positives: boolean; notCases: readonly string[] }[] {
  const order = (d: ProgrammeDefinition) => d.dhis2?.order ?? Infinity;
  return [...PROGRAM_DEFINITIONS]
    .sort((a, b) => order(a) - order(b))
    .map((d) => ({ code: d.code, programme: d.name, positives: d.dhis2?.positives ?? true, notCases: d.dhis2?.notCases ?? [] }));
}

/** The programmes' own measures (a viral load's suppression, EID's age bands, TB's Xpert members), in their definitions' `measuresOrder`. */
export function dhis2OwnMeasures(): (Dhis2OwnMeasure & { programme: string })[] {
  const order = (d: ProgrammeDefinition) => d.dhis2?.measuresOrder ?? Infinity;
  return [...PROGRAM_DEFINITIONS].sort((a, b) => order(a) - order(b)).flatMap((d) => (d.dhis2?.measures ?? []).map((m) => ({ ...m, programme: d.name })));
}

/** The notifiable diseases whose positives are reported: the priority diseases of notifiable programmes (their DISEASE_TESTS count). */
export const dhis2Notifiable = (): string[] => PRIORITY_DISEASES.filter((d) => programDefinition(PRIORITY_DISEASE_PROGRAMME[d] ?? '')?.notifiable);
/** A notifiable disease's key: one of dhis2Notifiable(). */
export type Dhis2Notifiable = string;

/**
 * What an indicator counts, in a month, per facility, over the tests whose sample was collected that month (the
 * Lagos day the officials' aggregates key on; the order's day when not collected):
 * - `tests`: the programme's released results (each member of a panel counts);
 * - `positives`: the programme's released results classed positive (but its definition's `notCases`);
 * - a programme's own measures (its definition's `dhis2.measures`): its released results of some tests, of some
 *   classes, whole or by band (the viral-load reporting bands in force, or the age band at collection);
 * - `notifiable_positives`: the disease's cases (its positive values on its tests).
 */
export const dhis2Measures = (): string[] => ['tests', 'positives', ...new Set(dhis2OwnMeasures().map((m) => m.measure)), 'notifiable_positives'];
/** A measure: one of dhis2Measures(). */
export type Dhis2Measure = string;

export interface Dhis2Indicator {
  key: string;
  measure: Dhis2Measure;
  /** The programme whose tests it counts. */
  programme: string;
  /** vl_band: the band's index (0 the lowest) and its label ("< 20"). */
  band?: number;
  band_label?: string;
  /** eid_*: the age band at collection. */
  age_band?: EidAgeBand;
  /** notifiable_positives: the disease. */
  disease?: Dhis2Notifiable;
}

/** Every indicator, in the order the pages list them; the viral-load bands follow the cut-offs in force. */
export function dhis2Indicators(cutoffs: VlCutoffs = vlCutoffs()): Dhis2Indicator[] {
  const list: Dhis2Indicator[] = [];
  for (const { code, programme, positives } of dhis2Programmes()) {
    list.push({ key: `tests_${code.toLowerCase()}`, measure: 'tests', programme });
    if (positives) list.push({ key: `positives_${code.toLowerCase()}`, measure: 'positives', programme });
  }
  const own = dhis2OwnMeasures();
  for (let i = 0; i < own.length; ) {
    const { by, programme } = own[i]!;
    // A programme's measures by the same bands, listed together, go band by band.
    let end = i + 1;
    while (by && end < own.length && own[end]!.by === by && own[end]!.programme === programme) end++;
    const measures = own.slice(i, end).map((m) => m.measure);
    i = end;
    if (by === 'vl_band')
      for (const [band, label] of vlBandLabels(cutoffs).entries())
        for (const measure of measures) list.push({ key: `${measure}_${band}`, measure, programme, band, band_label: label });
    else if (by === 'age_band')
      for (const age_band of EID_AGE_BANDS) for (const measure of measures) list.push({ key: `${measure}_${age_band}`, measure, programme, age_band });
    else for (const measure of measures) list.push({ key: measure, measure, programme });
  }
  for (const disease of dhis2Notifiable())
    list.push({ key: `notifiable_${disease}`, measure: 'notifiable_positives', programme: PRIORITY_DISEASE_PROGRAMME[disease]!, disease });
  return list;
}

/** The month a period names: its first day and the first day of the next month (YYYY-MM-DD), or null. */
export function dhis2PeriodDays(period: string): { start: string; next: string } | null {
  const m = DHIS2_PERIOD.exec(period);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (y < 1900) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${y}-${pad(mo)}-01`, next: mo === 12 ? `${y + 1}-01-01` : `${y}-${pad(mo + 1)}-01` };
}

/** The month before the one of `day` (YYYY-MM-DD), as a period. */
export function dhis2PreviousPeriod(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 1 ? `${y - 1}12` : `${y}${String(m - 1).padStart(2, '0')}`;
}

const uid = z.string().trim().regex(DHIS2_UID, DHIS2_UID_MESSAGE);
/** A UID, or '' to clear it. */
const uidOrEmpty = z.union([z.literal(''), uid]);
const optionalId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

/** The one DHIS2 server: the password is write-only (`password_set` says whether one is kept). */
export const dhis2Settings = z.object({
  base_url: z.string(),
  username: z.string(),
  password_set: z.boolean(),
  data_set: z.string(),
  configured: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Dhis2Settings = z.infer<typeof dhis2Settings>;

export const dhis2SettingsBody = z.object({
  /**
   * https on the internet — plain http, or an address inside the network, only for a host the server's operator allows
   * (DHIS2_ALLOWED_HOSTS, DHIS2_ALLOW_HTTP) —, without credentials, query or fragment; '' to clear.
   */
  base_url: z.string().trim().max(500),
  username: z.string().trim().max(200),
  /** Omitted: the kept password stays; '' clears it. */
  password: z.string().max(500).optional(),
  data_set: uidOrEmpty,
});
export type Dhis2SettingsBody = z.infer<typeof dhis2SettingsBody>;

export const dhis2MappingItem = z.object({
  indicator: z.string(),
  measure: liveEnum(dhis2Measures),
  programme: z.string(),
  band: z.number().int().optional(),
  band_label: z.string().optional(),
  age_band: z.enum(EID_AGE_BANDS).optional(),
  disease: liveEnum(dhis2Notifiable).optional(),
  data_element: z.string(),
  category_option_combo: z.string(),
  updated_at: z.string().nullable(),
});
export type Dhis2MappingItem = z.infer<typeof dhis2MappingItem>;

/** Mappings to save: a data element '' removes the indicator's mapping; the category option combo '' is the default one. */
export const dhis2MappingsBody = z.object({
  mappings: z
    .array(z.object({ indicator: z.string().max(100), data_element: uidOrEmpty, category_option_combo: uidOrEmpty.default('') }))
    .min(1)
    .max(500),
});
export type Dhis2MappingsBody = z.infer<typeof dhis2MappingsBody>;

export const dhis2OrgUnitItem = z.object({
  facility: z.number(),
  facility_name: z.string(),
  facility_code: z.string(),
  state_id: z.number(),
  state: z.string(),
  lga_id: z.number(),
  lga: z.string(),
  org_unit: z.string(),
});
export type Dhis2OrgUnitItem = z.infer<typeof dhis2OrgUnitItem>;

/** Org units to save: '' removes the facility's. */
export const dhis2OrgUnitsBody = z.object({
  org_units: z
    .array(z.object({ facility: z.number().int().min(1).max(2_147_483_647), org_unit: uidOrEmpty }))
    .min(1)
    .max(2000),
});
export type Dhis2OrgUnitsBody = z.infer<typeof dhis2OrgUnitsBody>;

/** A month and a scope: every facility, a state, an LGA or one facility (at most one of the three). */
export const dhis2ExportQuery = z.object({
  period: z.string().max(20),
  state: optionalId,
  lga: optionalId,
  facility: optionalId,
  format: z.enum(['json', 'csv']).optional(),
});
export type Dhis2ExportQuery = z.infer<typeof dhis2ExportQuery>;

export const dhis2SendBody = dhis2ExportQuery.omit({ format: true }).extend({ dry_run: z.boolean() });
export type Dhis2SendBody = z.infer<typeof dhis2SendBody>;

/** One value as DHIS2 imports it: the value a string of a whole number. */
export const dhis2DataValue = z.object({
  dataElement: z.string(),
  categoryOptionCombo: z.string().optional(),
  orgUnit: z.string(),
  period: z.string(),
  value: z.string(),
});
export type Dhis2DataValue = z.infer<typeof dhis2DataValue>;

export const dhis2Payload = z.object({
  dataSet: z.string().optional(),
  period: z.string(),
  orgUnit: z.string().optional(),
  dataValues: z.array(dhis2DataValue),
});
export type Dhis2Payload = z.infer<typeof dhis2Payload>;

export const dhis2Scope = z.object({
  level: z.enum(['all', 'state', 'lga', 'facility']),
  id: z.number().nullable(),
  name: z.string(),
});
export type Dhis2Scope = z.infer<typeof dhis2Scope>;

/** One value of the preview, with what it stands for. */
export const dhis2PreviewRow = z.object({
  facility: z.number(),
  facility_name: z.string(),
  org_unit: z.string(),
  indicator: z.string(),
  data_element: z.string(),
  category_option_combo: z.string(),
  value: z.number(),
});
export type Dhis2PreviewRow = z.infer<typeof dhis2PreviewRow>;

export const dhis2Preview = z.object({
  period: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  scope: dhis2Scope,
  payload: dhis2Payload,
  rows: z.array(dhis2PreviewRow),
  /** What was not sent, and why: facilities with values but no org unit, indicators with values but no mapping. */
  warnings: z.object({
    no_data_set: z.boolean(),
    facilities_without_org_unit: z.array(z.object({ facility: z.number(), facility_name: z.string(), values: z.number() })),
    indicators_without_mapping: z.array(z.object({ indicator: z.string(), values: z.number() })),
  }),
  /** Zero values are left out (DHIS2 stores no zero of a data element whose zero is not significant). */
  zeros_left_out: z.number(),
});
export type Dhis2Preview = z.infer<typeof dhis2Preview>;

/** DHIS2's CSV columns, in its order. */
export const DHIS2_CSV_COLUMNS = [
  'dataelement',
  'period',
  'orgunit',
  'categoryoptioncombo',
  'attributeoptioncombo',
  'value',
  'storedby',
  'lastupdated',
  'comment',
  'followup',
] as const;

export const dhis2Conflict = z.object({ object: z.string(), value: z.string(), error_code: z.string().optional() });

export const dhis2ExportItem = z.object({
  id: z.number(),
  period: z.string(),
  scope: dhis2Scope,
  data_set: z.string(),
  dry_run: z.boolean(),
  /** sent: DHIS2 answered with an import summary; failed: it could not be reached or refused the request. */
  status: z.enum(['sent', 'failed']),
  /** The import summary's status (SUCCESS, WARNING, ERROR, OK), '' when none. */
  import_status: z.string(),
  value_count: z.number(),
  http_status: z.number().nullable(),
  imported: z.number(),
  updated: z.number(),
  ignored: z.number(),
  deleted: z.number(),
  conflicts: z.array(dhis2Conflict),
  error: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Dhis2ExportItem = z.infer<typeof dhis2ExportItem>;

export const dhis2ExportDetail = dhis2ExportItem.extend({ payload: dhis2Payload });
export type Dhis2ExportDetail = z.infer<typeof dhis2ExportDetail>;
