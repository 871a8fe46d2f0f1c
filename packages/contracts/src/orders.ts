import { z } from 'zod';

const date = z.date().or(z.string());
const when = date.nullable();

export const orderTestItem = z.object({
  id: z.number(),
  test_type: z.number(),
  test_type_name: z.string(),
  status: z.number(),
  due_at: when,
});

/**
 * A row of `GET {form}/` (general_order/, tb_sample/, eid_sample/, vl_sample/,
 * public_health_sample/): one sample, with its order's laboratory number,
 * client and the tests run on it. `id` is the sample's: moves, the detail,
 * the label and the report take it.
 */
export const sampleListItem = z.object({
  id: z.number(),
  /** The order this sample belongs to; its `lab_number` is the order's. */
  order: z.number(),
  lab_number: z.string(),
  /** The label on the tube: the lab number, then `-2`, `-3`… for the order's next samples. */
  barcode: z.string(),
  /** The number a device printed on the label while offline (`K7Q2-0001`), kept beside the lab number. */
  provisional_number: z.string().nullable().optional(),
  seq: z.number(),
  program: z.string(),
  status: z.number(),
  priority: z.string(),
  client: z.number(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  /** The client's hospital number, N/A on screen when missing. */
  hospital_number: z.string().nullable(),
  /** The client's identifier of the sample's own programme (EID: the exposed-infant number; viral load: the ART number), if any. */
  programme_identifier: z.object({ type: z.string(), identifier: z.string() }).nullable().optional(),
  sample_type: z.number().nullable(),
  sample_type_name: z.string().nullable(),
  created_at: date,
  collected_at: when,
  received_at: when,
  /** Every test not rejected has an approved result; the status stays as it was. */
  completed: z.boolean(),
  completed_at: when,
  tests: z.array(orderTestItem),
});
export type SampleListItem = z.infer<typeof sampleListItem>;
/** The General programme's name for the same row. */
export const generalOrderListItem = sampleListItem;

const isolates = z.array(z.object({ organism: z.number(), antibiogram: z.array(z.object({ antibiotic: z.number(), interpretation: z.string() })) }));

export const resultItem = z.object({
  id: z.number(),
  version: z.number(),
  status: z.number(),
  value: z.union([z.number(), z.string()]).nullable(),
  unit: z.string(),
  flag: z.string().nullable(),
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  isolates,
  comment: z.string(),
  method: z.number().nullable(),
  instrument: z.number().nullable(),
  /** Usernames (who did it, for the rules: no one verifies their own result); the pages show the `_name`s. */
  entered_by: z.string().nullable(),
  entered_by_name: z.string().nullable(),
  entered_at: date,
  verified_by: z.string().nullable(),
  verified_by_name: z.string().nullable(),
  verified_at: when,
  approved_by: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: when,
  amendment_reason: z.string().nullable(),
  amends: z.number().nullable(),
});
export type ResultItem = z.infer<typeof resultItem>;

/** A sample of an order, as its siblings list it. */
export const orderSampleItem = z.object({
  id: z.number(),
  barcode: z.string(),
  seq: z.number(),
  sample_type: z.number().nullable(),
  sample_type_name: z.string().nullable(),
  status: z.number(),
  completed: z.boolean(),
});

/** `GET {form}/{id}/`: the sample, its order (request form, every sample), its client and every test with its current result. */
export const sampleDetail = sampleListItem.extend({
  facility: z.number(),
  requesting_clinician: z.string(),
  clinical_notes: z.string(),
  held_from: z.number().nullable(),
  container: z.string(),
  /** The programme's own request-form fields. */
  form: z.record(z.string(), z.unknown()),
  /** Every sample of the order, this one included. */
  samples: z.array(orderSampleItem),
  /** The request this sample's results asked for (EID confirmatory PCR, VL repeat), once made. */
  follow_on_request: z.object({ order: z.number(), lab_number: z.string() }).nullable(),
  client_identifiers: z.array(z.object({ identifier_type: z.number(), identifier_type_name: z.string(), identifier: z.string() })),
  tests: z.array(
    orderTestItem.extend({
      code: z.string(),
      result_type: z.string(),
      unit: z.string(),
      /** The places the catalogue declares for the test's numbers: pages print the value with them. */
      decimals: z.number(),
      codes: z.array(z.string()),
      is_culture: z.boolean(),
      result: resultItem.nullable(),
    }),
  ),
});

export const generalOrderDetail = sampleDetail;
export type SampleDetail = z.infer<typeof sampleDetail>;

/** `POST {form}/`: the order and the samples its tests were grouped into, one label each. */
export const orderCreated = z.object({
  /** The order's id; each sample has its own. */
  id: z.number(),
  lab_number: z.string(),
  program: z.string(),
  samples: z.array(orderSampleItem.extend({ tests: z.array(z.object({ id: z.number(), test_type: z.number(), status: z.number() })) })),
});

export const historyItem = z.object({
  at: date,
  user: z.string().nullable(),
  action: z.string(),
  from_status: z.number().nullable(),
  to_status: z.number().nullable(),
  reason: z.string().nullable(),
});

export const statusCount = z.object({ test_order_status: z.number(), count: z.number() });

/** A result as the review worklists show it: its value, flag, range and who entered and verified it. */
const reviewedResult = resultItem.omit({ method: true, instrument: true, approved_by: true, approved_by_name: true });

/**
 * A row of `GET results/`: a current result, or an amendment awaiting review
 * (`amends` names the released version), with its test, sample and client
 * (the review worklists).
 */
export const resultListItem = reviewedResult.extend({
  test_order: z.number(),
  test_type: z.number(),
  test_type_name: z.string(),
  order: z.number(),
  lab_number: z.string(),
  sample: z.number(),
  barcode: z.string(),
  sample_type_name: z.string().nullable(),
  program: z.string(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
});
export type ResultListItem = z.infer<typeof resultListItem>;

/** A test of a sample under review, with its result in force (or an amendment awaiting review). */
export const reviewTestItem = z.object({
  test_order: z.number(),
  test_type: z.number(),
  test_type_name: z.string(),
  /** The test's catalogue code (a programme's reading of a result goes by it: viral load's copies). */
  code: z.string(),
  /** The panel the test was ordered in, shown as the heading its members sit under. */
  panel: z.number().nullable(),
  panel_name: z.string().nullable(),
  /** The places the catalogue declares for the test's numbers: pages print the value with them. */
  decimals: z.number(),
  test_status: z.number(),
  result: reviewedResult.nullable(),
});

/**
 * A row of `GET result_samples/`: one sample with its tests and their
 * results, for validation, approval and released results — one row per
 * sample, approved or validated as a whole.
 */
export const resultSampleItem = z.object({
  id: z.number(),
  order: z.number(),
  lab_number: z.string(),
  barcode: z.string(),
  program: z.string(),
  sample_type_name: z.string().nullable(),
  priority: z.string(),
  status: z.number(),
  client: z.number(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  hospital_number: z.string().nullable(),
  /** The client's identifier of the sample's own programme (EID: the exposed-infant number; viral load: the ART number), if any. */
  programme_identifier: z.object({ type: z.string(), identifier: z.string() }).nullable().optional(),
  received_at: when,
  tests: z.array(reviewTestItem),
});
export type ResultSampleItem = z.infer<typeof resultSampleItem>;

/**
 * A row of `GET workplan/`: a test waiting for a run (accepted, result
 * rejected, or sent for retest) on a sample in the laboratory, with the
 * section and bench that runs it and when it is due.
 */
export const workplanItem = z.object({
  id: z.number(),
  test_type: z.number(),
  test_type_name: z.string(),
  status: z.number(),
  due_at: when,
  order: z.number(),
  lab_number: z.string(),
  sample: z.number(),
  barcode: z.string(),
  priority: z.string(),
  sample_status: z.number(),
  client: z.number(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  hospital_number: z.string().nullable(),
  /** The client's identifier of the sample's own programme (EID: the exposed-infant number; viral load: the ART number), if any. */
  programme_identifier: z.object({ type: z.string(), identifier: z.string() }).nullable().optional(),
  section: z.number().nullable(),
  section_name: z.string().nullable(),
  bench: z.number().nullable(),
  bench_name: z.string().nullable(),
});
export type WorkplanItem = z.infer<typeof workplanItem>;

/** A row of the general order report (SPEC §7): one test with its current result; the CSV has the same columns. */
export const generalReportRow = z.object({
  lab_number: z.string(),
  client_name: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  test: z.string(),
  test_order_status: z.number(),
  result: z.string().nullable(),
  unit: z.string().nullable(),
  flag: z.string().nullable(),
  ordered_at: date,
  collected_at: when,
  received_at: when,
  approved_at: when,
  tat_hours: z.number().nullable(),
});
export const generalReportPage = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  page: z.number(),
  results: z.array(generalReportRow),
});
