import { z } from 'zod';
import { dbId } from './input.js';
import type { Permission } from './programmes/families.js';
import { RESULT_STATUS, SAMPLE_STATUS } from './statuses.js';

/** A cancelled order (before collection); not in SPEC §4's list, so it takes the next free code. */
export const CANCELLED_STATUS = 16;

const S = SAMPLE_STATUS;
/** Open statuses a sample can be put on hold from. */
const HOLDABLE = [S.ORDERED, S.COLLECTED, S.APPROVED, S.RECEIVED, S.ONGOING, S.WORKSHEET, S.PARTIALLY_REJECTED];

/** The sample moves of DESIGN §3: action → statuses it may start from. */
export const SAMPLE_MOVES = {
  collect: [S.ORDERED],
  accept: [S.COLLECTED, S.RECEIVED, S.PARTIALLY_REJECTED],
  reject: [S.COLLECTED, S.RECEIVED, S.PARTIALLY_REJECTED],
  hold: HOLDABLE,
  release: [S.ON_HOLD],
  cancel: [S.ORDERED],
} as const satisfies Record<string, readonly number[]>;
export type SampleAction = keyof typeof SAMPLE_MOVES;

/** Which programme permission each sample move needs (the roles come from the programme's definition). */
export const MOVE_PERMISSION: Record<SampleAction, Permission> = {
  collect: 'collect',
  cancel: 'order',
  accept: 'receive',
  reject: 'receive',
  hold: 'receive',
  release: 'receive',
};

export function canMove(action: SampleAction, from: number): boolean {
  return (SAMPLE_MOVES[action] as readonly number[]).includes(from);
}

const R = RESULT_STATUS;
/** Result moves: action → result statuses it may start from. */
export const RESULT_MOVES = {
  verify: [R.ENTERED],
  approve: [R.VERIFIED],
  reject: [R.ENTERED, R.VERIFIED],
  retest: [R.ENTERED, R.VERIFIED],
} as const satisfies Record<string, readonly number[]>;
export type ResultAction = keyof typeof RESULT_MOVES;

/** Test-order statuses from which a result may be entered (a first run, or a new run after rejection / retest). */
export const ENTERABLE_TEST_STATUSES: readonly number[] = [S.APPROVED, R.REJECTED, R.RETEST];

export const PRIORITIES = ['routine', 'urgent'] as const;
export const SEXES_CLIENT = ['male', 'female'] as const;
export const FLAGS = ['L', 'H', 'LL', 'HH'] as const;
export type Flag = (typeof FLAGS)[number];

const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const text = (max: number) => z.string().trim().max(max).default('');

export const clientIdentifierInput = z.object({
  identifier_type: dbId({ error: 'This field is required.' }),
  identifier: z.string().trim().min(1, 'This field may not be blank.').max(100),
});

export const clientBody = z
  .object({
    first_name: z.string().trim().min(1, 'This field may not be blank.').max(100),
    last_name: z.string().trim().min(1, 'This field may not be blank.').max(100),
    other_names: text(100),
    sex: z.enum(SEXES_CLIENT, { error: 'Choose male or female.' }),
    date_of_birth: isoDate.nullable().default(null),
    /** When the date of birth is unknown: the estimated age in years. */
    estimated_age_years: z.number().int().min(0).max(130).nullable().default(null),
    phone: z
      .string()
      .trim()
      .max(20)
      .regex(/^[+0-9 ()-]*$/, 'Enter a valid phone number.')
      .default(''),
    address: text(300),
    state: dbId().nullable().default(null),
    lga: dbId().nullable().default(null),
    identifiers: z.array(clientIdentifierInput).default([]),
    /** Where, in which language, and whether the client is told when a result is ready (result notifications). */
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Enter a valid e-mail address.').or(z.literal('')))
      .default(''),
    language: z.enum(['en', 'ar', 'es', 'fr', 'it', 'zh']).default('en'),
    notify_consent: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.date_of_birth && b.estimated_age_years == null)
      ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'Give the date of birth or an estimated age.' });
  });
export type ClientBody = z.infer<typeof clientBody>;

export const clientItem = z.object({
  id: z.number(),
  facility: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  other_names: z.string(),
  sex: z.string(),
  date_of_birth: z.string().nullable(),
  dob_estimated: z.boolean(),
  phone: z.string(),
  email: z.string(),
  language: z.string(),
  notify_consent: z.boolean(),
  address: z.string(),
  state: z.number().nullable(),
  lga: z.number().nullable(),
  identifiers: z.array(z.object({ identifier_type: z.number(), identifier_type_name: z.string(), identifier: z.string() })),
  created_at: z.date().or(z.string()),
  /** Set when this record was merged into another client (a kept duplicate, left out of lists and searches). */
  merged_into: z.number().nullable(),
  merged_at: z.date().or(z.string()).nullable(),
});
export type ClientItem = z.infer<typeof clientItem>;

/**
 * `POST {form}/`: an order. `program` names the programme on
 * public_health_sample/ (eleven programmes share it); the other forms serve
 * one programme each. `form` holds the programme's request-form fields,
 * validated by the server against that programme's schema.
 */
export const generalOrderBody = z.object({
  client: dbId({ error: 'This field is required.' }),
  program: z.string().trim().min(1).max(100).optional(),
  form: z.record(z.string().max(100), z.unknown()).default({}),
  test_types: z.array(dbId()).min(1, 'Choose at least one test.').max(50),
  priority: z.enum(PRIORITIES).default('routine'),
  requesting_clinician: text(150),
  /** Where the clinician is told of the results (empty: the facility's phone and e-mail). */
  clinician_phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^[+0-9 ()-]*$/, 'Enter a valid phone number.')
    .optional(),
  clinician_email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email('Enter a valid e-mail address.').or(z.literal('')))
    .optional(),
  clinical_notes: text(2000),
});
export type GeneralOrderBody = z.infer<typeof generalOrderBody>;
export const orderBody = generalOrderBody;
export type OrderBody = GeneralOrderBody;
/** Bulk sample moves, all or nothing: `POST {form}/{verb}/`. */
export const bulkSampleIds = z.object({ ids: z.array(dbId()).min(1, 'Choose at least one sample.').max(100) });

export const collectBody = z.object({
  collected_at: z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-11-22T09:30:00+01:00.' }),
  sample_type: dbId({ error: 'This field is required.' }),
});
export const rejectSampleBody = z.object({
  rejection_reason: dbId({ error: 'This field is required.' }),
  test_orders: z.array(dbId()).optional(),
  comment: text(1000),
});
export const reasonBody = z.object({ reason: z.string().trim().min(1, 'This field may not be blank.').max(1000) });
export const emptyBody = z.object({}).passthrough();

export const antibiogramEntry = z.object({ antibiotic: dbId(), interpretation: z.enum(['S', 'I', 'R']) });
export const cultureIsolate = z.object({ organism: dbId(), antibiogram: z.array(antibiogramEntry).default([]) });

export const resultBody = z.object({
  test_order: dbId({ error: 'This field is required.' }),
  /** A number for numeric tests, one of the test's codes for coded ones. */
  value: z.union([z.number().finite(), z.string().trim().min(1).max(200)], { error: 'This field is required.' }),
  comment: text(2000),
  method: dbId().nullable().default(null),
  instrument: dbId().nullable().default(null),
  /** Culture (M/C/S) tests: isolates with their antibiograms. */
  isolates: z.array(cultureIsolate).default([]),
});
export type ResultBody = z.infer<typeof resultBody>;

export const approveBody = z.object({ password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.') });
export const bulkBody = z.object({ ids: z.array(dbId()).min(1, 'Choose at least one result.').max(1000) });
export const bulkApproveBody = bulkBody.extend({ password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.') });
export const resultRejectBody = z.object({ reason: dbId({ error: 'This field is required.' }), comment: text(1000) });
export const amendBody = z.object({
  value: resultBody.shape.value,
  reason: z.string({ error: 'An amendment needs a reason.' }).trim().min(1, 'An amendment needs a reason.').max(1000),
  comment: text(2000),
  password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
});

const when = z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-11-22T09:30:00+01:00.' });

/** Retrospective data entry: a paper record in one go, with its original dates. */
export const completeEntryBody = generalOrderBody.extend({
  ordered_at: when,
  collected_at: when,
  received_at: when,
  sample_type: dbId({ error: 'This field is required.' }),
  results: z
    .array(
      z.object({
        test_type: dbId({ error: 'This field is required.' }),
        value: resultBody.shape.value,
        comment: text(2000),
        resulted_at: when,
      }),
    )
    .default([]),
});
export type CompleteEntryBody = z.infer<typeof completeEntryBody>;
