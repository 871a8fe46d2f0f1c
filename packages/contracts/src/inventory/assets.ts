import { z } from 'zod';
import { dbId, MAX_ID } from '../input.js';

/**
 * The equipment register (DOMAIN "Inventory"; SENAITE's instrument records, Snipe-IT's bulk check-out): kinds of
 * equipment with their service and calibration intervals, the facility's locations, each asset with its tag, its
 * check-outs, maintenance, calibrations and certificates. An analyser under repair, out of service or past its
 * calibration is not chosen for results or worksheets.
 */

export const ASSET_CATEGORIES = ['analyser', 'centrifuge', 'cold_chain', 'microscope', 'safety_cabinet', 'other'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

/** in_use → under_repair → in_use; in_use or under_repair → out_of_service → in_use. Changed by the moves only. */
export const ASSET_STATUSES = ['in_use', 'under_repair', 'out_of_service'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** Maintenance recorded by hand. */
export const MAINTENANCE_KINDS = ['preventive', 'repair', 'enhancement'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
/** Every down period kept: maintenance, and the periods out of service (written by the out-of-service move). */
export const DOWNTIME_KINDS = [...MAINTENANCE_KINDS, 'out_of_service'] as const;
export type DowntimeKind = (typeof DOWNTIME_KINDS)[number];

/** Calibrations, certificates and preventive maintenance falling due within this many days are listed as due. */
export const ASSET_DUE_DAYS = 30;

/** Why an asset (and the machine it is) cannot be used for results. */
export const UNAVAILABLE_STATES = ['under_repair', 'out_of_service', 'calibration_overdue'] as const;
export type UnavailableState = (typeof UNAVAILABLE_STATES)[number];

/** A validity as the lists show it: still valid, falling due within ASSET_DUE_DAYS, past, or none recorded. */
export const VALIDITY_STATES = ['valid', 'due', 'overdue', 'none'] as const;
export type ValidityState = (typeof VALIDITY_STATES)[number];

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number) => text(max).min(1, 'This field may not be blank.');
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const moment = z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601, with its offset).' });
const days = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1, 'Ensure this value is greater than or equal to 1.')
  .max(3650, 'Ensure this value is less than or equal to 3650.');
const kobo = z
  .number({ error: 'A valid integer is required.' })
  .int('Enter the amount in kobo (a whole number).')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(MAX_ID, `Ensure this value is less than or equal to ${MAX_ID}.`);
const queryId = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().max(MAX_ID);
const nullableId = () => dbId().nullable();

/** A tag is printed as a Code 128 barcode and typed by a scanner: letters, digits and - . / _ . */
export const ASSET_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const assetTag = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(40, 'Ensure this field has no more than 40 characters.')
  .regex(ASSET_TAG_PATTERN, 'Use letters, digits and - . / _ only (the tag is printed as a barcode).');

// ── Kinds (asset_generic/) and locations (asset_config/) ──

export const assetGenericBody = z.object({
  name: required(200),
  category: z.enum(ASSET_CATEGORIES, { error: `Choose one of: ${ASSET_CATEGORIES.join(', ')}.` }),
  /** Preventive maintenance every so many days. */
  maintenance_interval_days: days.nullable().default(null),
  /** Calibration valid for so many days: a calibration's validity by default. */
  calibration_interval_days: days.nullable().default(null),
  is_active: z.boolean().default(true),
});
export const assetGenericItem = assetGenericBody.extend({ id: z.number(), assets: z.number() });
export type AssetGenericItem = z.infer<typeof assetGenericItem>;
export type AssetGenericBody = z.input<typeof assetGenericBody>;

export const assetLocationBody = z.object({ name: required(200), is_active: z.boolean().default(true) });
export const assetLocationItem = assetLocationBody.extend({ id: z.number(), assets: z.number() });
export type AssetLocationItem = z.infer<typeof assetLocationItem>;
export type AssetLocationBody = z.input<typeof assetLocationBody>;

// ── The register (asset/) ──

const assetFields = {
  tag: assetTag,
  /** The kind (asset_generic/). */
  generic: nullableId(),
  name: required(200),
  model: text(200),
  serial_number: text(100),
  manufacturer: nullableId(),
  supplier: nullableId(),
  /** Where it stands (asset_config/). */
  location: nullableId(),
  in_service_date: isoDate.nullable(),
  /** The machine setting (machine_setting/) it is, for an analyser: its instrument and tests. */
  machine_setting: nullableId(),
  note: text(2000),
};

export const assetCreateBody = z.object({
  ...assetFields,
  generic: assetFields.generic.default(null),
  model: assetFields.model.default(''),
  serial_number: assetFields.serial_number.default(''),
  manufacturer: assetFields.manufacturer.default(null),
  supplier: assetFields.supplier.default(null),
  location: assetFields.location.default(null),
  in_service_date: assetFields.in_service_date.default(null),
  machine_setting: assetFields.machine_setting.default(null),
  note: assetFields.note.default(''),
});
export type AssetCreateBody = z.input<typeof assetCreateBody>;

/** PATCH: the fields sent change, the others stay; the status changes through the moves only. */
export const assetUpdateBody = z.object(
  Object.fromEntries(Object.entries(assetFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof assetFields]: z.ZodOptional<(typeof assetFields)[K]>;
  },
);
export type AssetUpdateBody = z.input<typeof assetUpdateBody>;

export const ASSET_ORDERINGS = ['tag', '-tag', 'name', '-name', 'status', '-status', 'calibration', '-calibration'] as const;

export const assetListQuery = z.object({
  /** Tag, name or serial number. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(ASSET_STATUSES, { error: `Choose one of: ${ASSET_STATUSES.join(', ')}.` }).optional(),
  generic: queryId.optional(),
  location: queryId.optional(),
  checked_out: z.enum(['0', '1'], { error: 'Choose 0 or 1.' }).optional(),
  /** Calibration falling due within ASSET_DUE_DAYS (or past), or past only. */
  calibration: z.enum(['due', 'overdue'], { error: 'Choose due or overdue.' }).optional(),
  ordering: z.enum(ASSET_ORDERINGS, { error: `Choose one of: ${ASSET_ORDERINGS.join(', ')}.` }).optional(),
  page: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(100).default(20),
});
export type AssetListQuery = z.input<typeof assetListQuery>;

/** Why an asset cannot be used for results: its state, since when, the calibration's end; `reason` is the server's sentence. */
export const assetUnavailable = z.object({
  asset: z.number(),
  tag: z.string(),
  name: z.string(),
  state: z.enum(UNAVAILABLE_STATES),
  since: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** The out-of-service reason, or the fault reported at the repair's start. */
  note: z.string(),
  reason: z.string(),
});
export type AssetUnavailable = z.infer<typeof assetUnavailable>;

export const CHECKOUT_TARGETS = ['bench', 'user', 'location'] as const;
export type CheckoutTarget = (typeof CHECKOUT_TARGETS)[number];

export const assetCheckout = z.object({
  id: z.number(),
  to: z.enum(CHECKOUT_TARGETS),
  to_name: z.string(),
  bench: z.number().nullable(),
  user: z.number().nullable(),
  location: z.number().nullable(),
  note: z.string(),
  expected_back: z.string().nullable(),
  checked_out_at: z.string(),
  checked_out_by: z.string(),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
  /** Still out after its expected return date. */
  overdue: z.boolean(),
});
export type AssetCheckout = z.infer<typeof assetCheckout>;

export const assetItem = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  generic: z.number().nullable(),
  generic_name: z.string().nullable(),
  category: z.enum(ASSET_CATEGORIES).nullable(),
  model: z.string(),
  serial_number: z.string(),
  manufacturer: z.number().nullable(),
  manufacturer_name: z.string().nullable(),
  supplier: z.number().nullable(),
  supplier_name: z.string().nullable(),
  location: z.number().nullable(),
  location_name: z.string().nullable(),
  in_service_date: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  /** When it went under repair or out of service. */
  status_since: z.string().nullable(),
  /** The fault reported, or the reason it is out of service. */
  status_note: z.string(),
  machine_setting: z.number().nullable(),
  machine_setting_name: z.string().nullable(),
  instrument: z.number().nullable(),
  instrument_name: z.string().nullable(),
  note: z.string(),
  checkout: assetCheckout.nullable(),
  last_maintenance: z.object({ kind: z.enum(DOWNTIME_KINDS), down_from: z.string(), down_to: z.string().nullable() }).nullable(),
  calibration_valid_until: z.string().nullable(),
  calibration: z.enum(VALIDITY_STATES),
  /** The earliest end among the latest certificate of each agency. */
  certificates_valid_to: z.string().nullable(),
  certificates: z.enum(VALIDITY_STATES),
  /** Whether it may be used for results (in use and not past its calibration), and why not. */
  available: z.boolean(),
  unavailable: assetUnavailable.nullable(),
});
export type AssetItem = z.infer<typeof assetItem>;

export const assetMaintenance = z.object({
  id: z.number(),
  kind: z.enum(DOWNTIME_KINDS),
  down_from: z.string(),
  down_to: z.string().nullable(),
  work_done: z.string(),
  performed_by: z.string(),
  cost_kobo: z.number(),
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type AssetMaintenance = z.infer<typeof assetMaintenance>;

export const assetCalibration = z.object({
  id: z.number(),
  calibrated_on: z.string(),
  valid_until: z.string(),
  calibrator: z.string(),
  report: z.string(),
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type AssetCalibration = z.infer<typeof assetCalibration>;

export const assetCertificate = z.object({
  id: z.number(),
  agency: z.string(),
  number: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  state: z.enum(VALIDITY_STATES),
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type AssetCertificate = z.infer<typeof assetCertificate>;

export const assetDetail = assetItem.extend({
  created_at: z.string(),
  created_by: z.string().nullable(),
  checkouts: z.array(assetCheckout),
  maintenance: z.array(assetMaintenance),
  calibrations: z.array(assetCalibration),
  certificates_list: z.array(assetCertificate),
});
export type AssetDetail = z.infer<typeof assetDetail>;

// ── Moves ──

/** To whom or where: exactly one of a bench (bench/), a person (a user of the facility) or a location (asset_config/). */
const checkoutFields = {
  bench: dbId().nullable().default(null),
  user: dbId().nullable().default(null),
  location: dbId().nullable().default(null),
  expected_back: isoDate.nullable().default(null),
  note: text(500).default(''),
};
const oneTarget = (body: { bench: number | null; user: number | null; location: number | null }, ctx: z.RefinementCtx) => {
  const given = [body.bench, body.user, body.location].filter((v) => v != null).length;
  if (given !== 1) ctx.addIssue({ code: 'custom', message: 'Choose one: a bench, a person or a location.', path: ['non_field_errors'] });
};
export const assetCheckOutBody = z.object(checkoutFields).superRefine(oneTarget);
export type AssetCheckOutBody = z.input<typeof assetCheckOutBody>;

export const ASSET_BULK_MAX = 200;
/** The form filled once, and the tags scanned: all checked out, or none. */
export const assetBulkCheckOutBody = z
  .object({
    ...checkoutFields,
    tags: z
      .array(z.string().trim().min(1, 'This field may not be blank.').max(40, 'Ensure this field has no more than 40 characters.'))
      .min(1, 'Scan at least one tag.')
      .max(ASSET_BULK_MAX, `Ensure this field has no more than ${ASSET_BULK_MAX} elements.`),
  })
  .superRefine(oneTarget);
export type AssetBulkCheckOutBody = z.input<typeof assetBulkCheckOutBody>;
export const assetBulkCheckOutReply = z.object({ checked_out: z.array(z.object({ id: z.number(), tag: z.string(), name: z.string() })), to_name: z.string() });
export type AssetBulkCheckOutReply = z.infer<typeof assetBulkCheckOutReply>;

export const assetCheckInBody = z.object({ note: text(500).default('') });

/** Under repair: a repair record opens (down from now, or the time given) with the fault reported. */
export const assetUnderRepairBody = z.object({ down_from: moment.nullable().default(null), fault: text(2000).default('') });
export type AssetUnderRepairBody = z.input<typeof assetUnderRepairBody>;

/** Back in service: the open repair (or out-of-service period) closes, with what was done, by whom, and its cost. */
export const assetBackInServiceBody = z.object({
  down_to: moment.nullable().default(null),
  work_done: text(2000).default(''),
  performed_by: text(200).default(''),
  cost_kobo: kobo.default(0),
});
export type AssetBackInServiceBody = z.input<typeof assetBackInServiceBody>;

export const assetOutOfServiceBody = z.object({ reason: required(2000), since: moment.nullable().default(null) });
export type AssetOutOfServiceBody = z.input<typeof assetOutOfServiceBody>;

export const assetMaintenanceBody = z.object({
  kind: z.enum(MAINTENANCE_KINDS, { error: `Choose one of: ${MAINTENANCE_KINDS.join(', ')}.` }),
  down_from: moment,
  down_to: moment,
  work_done: required(2000),
  performed_by: text(200).default(''),
  cost_kobo: kobo.default(0),
});
export type AssetMaintenanceBody = z.input<typeof assetMaintenanceBody>;

/** `valid_until` defaults to the date plus the kind's calibration interval. */
export const assetCalibrationBody = z.object({
  calibrated_on: isoDate,
  valid_until: isoDate.nullable().default(null),
  calibrator: text(200).default(''),
  report: text(4000).default(''),
});
export type AssetCalibrationBody = z.input<typeof assetCalibrationBody>;

export const assetCertificateBody = z.object({
  agency: required(200),
  number: text(100).default(''),
  valid_from: isoDate,
  valid_to: isoDate,
});
export type AssetCertificateBody = z.input<typeof assetCertificateBody>;

// ── Look-ups, due lists, availability ──

export const assetTagQuery = z.object({ tag: assetTag });
export const assetLabelsQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Give up to 100 asset ids, separated by commas.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'Give up to 100 asset ids, separated by commas.'),
});
export const assetPerson = z.object({ id: z.number(), name: z.string() });

const assetRef = z.object({ id: z.number(), tag: z.string(), name: z.string(), location_name: z.string().nullable() });
export const assetDue = z.object({
  calibration: z.array(assetRef.extend({ valid_until: z.string().nullable(), state: z.enum(VALIDITY_STATES) })),
  certificates: z.array(assetRef.extend({ agency: z.string(), number: z.string(), valid_to: z.string(), state: z.enum(VALIDITY_STATES) })),
  maintenance: z.array(assetRef.extend({ last: z.string().nullable(), interval_days: z.number(), due_on: z.string(), state: z.enum(VALIDITY_STATES) })),
  counts: z.object({ calibration: z.number(), certificates: z.number(), maintenance: z.number(), overdue: z.number() }),
});
export type AssetDue = z.infer<typeof assetDue>;

/** For the result-entry and worksheet screens: each machine setting and each instrument with machines here, usable or why not. */
export const assetAvailability = z.object({
  machines: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      instrument: z.number().nullable(),
      instrument_name: z.string().nullable(),
      available: z.boolean(),
      unavailable: z.array(assetUnavailable),
    }),
  ),
  instruments: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      available: z.boolean(),
      /** Every machine of this instrument here is unavailable: each one's asset and why. */
      unavailable: z.array(assetUnavailable),
    }),
  ),
});
export type AssetAvailability = z.infer<typeof assetAvailability>;

/** A validity date against today: past, within ASSET_DUE_DAYS, later, or none. Dates are `YYYY-MM-DD`. */
export function validityOf(until: string | null | undefined, today: string): ValidityState {
  if (!until) return 'none';
  if (until < today) return 'overdue';
  return until <= assetDatePlusDays(today, ASSET_DUE_DAYS) ? 'due' : 'valid';
}

/** `YYYY-MM-DD` plus whole days. */
export function assetDatePlusDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
