import { z } from 'zod';
import { dbId } from './input.js';

export const RESULT_TYPES = ['numeric', 'coded'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

const num = z.number().finite().nullable().default(null);
const ids = z.array(dbId()).default([]);

/** A catalogue test (`test_type/`), with its result configuration. */
export const testTypeBody = z
  .object({
    program: dbId({ error: 'This field is required.' }),
    name: z.string().trim().min(1, 'This field may not be blank.').max(200),
    code: z.string().trim().min(1, 'This field may not be blank.').max(40),
    loinc_code: z
      .string()
      .trim()
      .regex(/^(\d{1,7}-\d)?$/, 'Enter a LOINC code such as 718-7.')
      .default(''),
    section: dbId().nullable().default(null),
    result_type: z.enum(RESULT_TYPES, { error: 'Choose Numeric or Coded.' }),
    unit: z.string().trim().max(30).default(''),
    decimals: z.number().int().min(0).max(6).default(0),
    reporting_low: num,
    reporting_high: num,
    ref_low: num,
    ref_high: num,
    critical_low: num,
    critical_high: num,
    codes: z.array(z.string().trim().min(1).max(100)).default([]),
    is_culture: z.boolean().default(false),
    is_panel: z.boolean().default(false),
    panel: dbId().nullable().default(null),
    default_tat_hours: z
      .number()
      .int()
      .min(1, 'Ensure this value is at least 1 hour.')
      .max(24 * 120)
      .default(24),
    is_active: z.boolean().default(true),
    sample_types: ids,
    methods: ids,
    instruments: ids,
  })
  .superRefine((b, ctx) => {
    const pairs: [keyof typeof b, keyof typeof b][] = [
      ['reporting_low', 'reporting_high'],
      ['ref_low', 'ref_high'],
      ['critical_low', 'critical_high'],
    ];
    for (const [lo, hi] of pairs) {
      const l = b[lo] as number | null;
      const h = b[hi] as number | null;
      if (l != null && h != null && l > h) ctx.addIssue({ code: 'custom', path: [lo], message: 'The low value must not be above the high value.' });
    }
    if (b.result_type === 'coded' && !b.is_panel && b.codes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['codes'], message: 'A coded test needs at least one code.' });
    }
  });
export type TestTypeBody = z.infer<typeof testTypeBody>;

export const testTypeItem = z.object({
  id: z.number(),
  program: z.number(),
  program_name: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  loinc_code: z.string(),
  section: z.number().nullable(),
  section_name: z.string().nullable(),
  result_type: z.string(),
  unit: z.string(),
  decimals: z.number(),
  reporting_low: z.number().nullable(),
  reporting_high: z.number().nullable(),
  ref_low: z.number().nullable(),
  ref_high: z.number().nullable(),
  critical_low: z.number().nullable(),
  critical_high: z.number().nullable(),
  codes: z.array(z.string()),
  is_culture: z.boolean(),
  is_panel: z.boolean(),
  panel: z.number().nullable(),
  default_tat_hours: z.number(),
  is_active: z.boolean(),
  sample_types: z.array(z.number()),
  methods: z.array(z.number()),
  instruments: z.array(z.number()),
});
export type TestTypeItem = z.infer<typeof testTypeItem>;

/** DESIGN §3: a test whose name says m/c/s (any case) takes a culture result. */
export const isCultureTestName = (name: string) => /m\/c\/s/i.test(name);
