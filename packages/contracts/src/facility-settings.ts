import { z } from 'zod';
import { dbId, dbInt } from './input.js';
import { INSTRUMENT_PORT_MAX, INSTRUMENT_PORT_MIN, INSTRUMENT_PROTOCOLS } from './instruments/interfaces.js';

const id = dbId({ error: 'This field is required.' });
const optionalNumber = z.number().finite().nullable().default(null);

/** `facility_test_service/`: a catalogue test the facility offers, with its price in naira. */
export const testServiceBody = z.object({
  test_type: id,
  price: z.number({ error: 'This field is required.' }).finite().min(0, 'Ensure this value is greater than or equal to 0.').max(100_000_000),
  /** The bench that runs the test (for the workplan); a panel's members go to the panel's bench. */
  bench: dbId().nullable().default(null),
  is_active: z.boolean().default(true),
});
export const testServiceItem = z.object({
  id: z.number(),
  facility: z.number(),
  test_type: z.number(),
  test_type_name: z.string().nullable(),
  program_name: z.string().nullable(),
  price: z.number(),
  bench: z.number().nullable(),
  bench_name: z.string().nullable(),
  is_active: z.boolean(),
});

/** `facility_tat/`: the facility's expected turnaround for a test, over the catalogue default. */
export const facilityTatBody = z.object({
  test_type: id,
  hours: z
    .number({ error: 'This field is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is at least 1 hour.')
    .max(24 * 120),
});
export const facilityTatItem = z.object({
  id: z.number(),
  facility: z.number(),
  test_type: z.number(),
  test_type_name: z.string().nullable(),
  default_tat_hours: z.number().nullable(),
  hours: z.number(),
});

export const SEXES = ['any', 'male', 'female'] as const;

/** `facility_test_measure/`: a reference range for one sex and age band. */
export const testMeasureBody = z
  .object({
    test_type: id,
    sex: z.enum(SEXES).default('any'),
    age_min_days: dbInt().min(0).default(0),
    age_max_days: dbInt().min(0).nullable().default(null),
    low: optionalNumber,
    high: optionalNumber,
    critical_low: optionalNumber,
    critical_high: optionalNumber,
    unit: z.string().trim().max(30).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.low != null && b.high != null && b.low > b.high)
      ctx.addIssue({ code: 'custom', path: ['low'], message: 'The low value must not be above the high value.' });
    if (b.critical_low != null && b.critical_high != null && b.critical_low > b.critical_high) {
      ctx.addIssue({ code: 'custom', path: ['critical_low'], message: 'The low value must not be above the high value.' });
    }
    if (b.age_max_days != null && b.age_max_days < b.age_min_days)
      ctx.addIssue({ code: 'custom', path: ['age_max_days'], message: 'The age band ends before it starts.' });
  });
export const testMeasureItem = z.object({
  id: z.number(),
  facility: z.number(),
  test_type: z.number(),
  test_type_name: z.string().nullable(),
  sex: z.string(),
  age_min_days: z.number(),
  age_max_days: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  critical_low: z.number().nullable(),
  critical_high: z.number().nullable(),
  unit: z.string(),
});
export type TestMeasureItem = z.infer<typeof testMeasureItem>;

export const effectiveMeasure = z.object({
  test_type: z.number(),
  source: z.enum(['facility', 'catalogue']),
  ranges: z.array(testMeasureItem.omit({ id: true, facility: true, test_type_name: true }).extend({ id: z.number().nullable() })),
});

/** `machine_setting/`: an instrument installed at a public or private laboratory. */
export const machineSettingBody = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  model: z.string().trim().max(200).default(''),
  serial_number: z.string().trim().min(1, 'This field may not be blank.').max(100),
  instrument: dbId().nullable().default(null),
  tests: z.array(dbId()).default([]),
  modules: z.array(z.string().trim().min(1).max(100)).default([]),
  is_active: z.boolean().default(true),
  /** How the analyser sends results: none (files only), HL7 v2 over MLLP, or ASTM over TCP, on its own port. */
  protocol: z.enum(INSTRUMENT_PROTOCOLS, { error: 'Choose none, hl7 or astm.' }).default('none'),
  listen_port: z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(INSTRUMENT_PORT_MIN, `Choose a port from ${INSTRUMENT_PORT_MIN} to ${INSTRUMENT_PORT_MAX}.`)
    .max(INSTRUMENT_PORT_MAX, `Choose a port from ${INSTRUMENT_PORT_MIN} to ${INSTRUMENT_PORT_MAX}.`)
    .nullable()
    .default(null),
});
export const machineSettingItem = machineSettingBody.extend({ id: z.number(), facility: z.number() });

export const QC_LEVELS = ['low', 'normal', 'high'] as const;

/** `qc_test_config/`: a QC material with its lot and target values for one test. */
export const qcConfigBody = z.object({
  test_type: id,
  name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  lot_number: z.string().trim().min(1, 'This field may not be blank.').max(100),
  expiry_date: z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'"),
  level: z.enum(QC_LEVELS),
  target_mean: z.number({ error: 'This field is required.' }).finite(),
  target_sd: z.number({ error: 'This field is required.' }).finite().positive('Ensure this value is greater than 0.'),
  unit: z.string().trim().max(30).default(''),
  /**
   * The lot's mean and SD are established from its first QC_ESTABLISHMENT_RUNS results (the targets given are the
   * insert's, provisional meanwhile); no Westgard rule judges it until then.
   */
  establish: z.boolean().default(false),
  is_active: z.boolean().default(true),
});
/** How many results of a lot establish its mean and SD. */
export const QC_ESTABLISHMENT_RUNS = 20;
export const qcConfigItem = qcConfigBody.extend({
  id: z.number(),
  facility: z.number(),
  test_type_name: z.string().nullable(),
  /** When the lot's mean and SD were established from its first results (null: from the insert, or still establishing). */
  established_at: z.date().or(z.string()).nullable(),
});
