import { z } from 'zod';
import { ID_RANGE_MESSAGE, MAX_ID } from './input.js';

export const stateItem = z.object({ id: z.number(), name: z.string(), code: z.string() });
export const lgaItem = z.object({ id: z.number(), name: z.string(), state: z.number() });
export const programItem = z.object({ id: z.number(), name: z.string() });
export const facilityLookupItem = z.object({ id: z.number(), facility_name: z.string(), facility_code: z.string() });

export type StateItem = z.infer<typeof stateItem>;
export type LgaItem = z.infer<typeof lgaItem>;
export type ProgramItem = z.infer<typeof programItem>;
export type FacilityLookupItem = z.infer<typeof facilityLookupItem>;

/** A positive integer id in a query string, with a message naming the field. */
export const queryId = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .positive(`${field} must be a positive id.`)
    .max(MAX_ID, ID_RANGE_MESSAGE);

export const facilitiesQuery = z.object({ facility_state: queryId('facility_state'), facility_lga: queryId('facility_lga') });
export const lgaQuery = z.object({ state: queryId('state').optional() });

/* Replies of the look-up endpoints (the forms' choices). */
const named = z.object({ id: z.number(), name: z.string(), code: z.string() });
const reason = z.object({ id: z.number(), reason: z.string() });

/** An active catalogue test with the sample types it accepts (`test_configuration_look_up/`). */
export const catalogueTestItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  program: z.number(),
  program_name: z.string(),
  result_type: z.string(),
  unit: z.string(),
  codes: z.array(z.string()),
  is_culture: z.boolean(),
  is_panel: z.boolean(),
  panel: z.number().nullable(),
  sample_types: z.array(z.number()),
});
const choice = z.object({ value: z.string(), label: z.string() });
/**
 * The TB request form's vocabularies (`tb_form_lookup/`): the form's choices
 * with their English labels (programmes/tb.ts), the TB tests with the result
 * vocabulary of each coded one by test code, and the identifier and sample
 * types the form refers to.
 */
export const tbFormLookupReply = z.object({
  choices: z.object({
    patient_category: z.array(choice),
    reason_for_examination: z.array(choice),
    hiv_status: z.array(choice),
    test_status: z.array(choice),
    specimen: z.array(choice),
    visual_appearance: z.array(choice),
  }),
  treatment_month: z.object({ min: z.number(), max: z.number() }),
  /** The sample type each specimen is registered as (null: chosen by hand). */
  specimen_sample_types: z.record(z.string(), z.number().nullable()),
  /** Form field → client identifier type (`lga_tb_number`, `drtb_register_number`). */
  identifier_fields: z.record(z.string(), z.number().nullable()),
  tests: z.array(catalogueTestItem),
  result_vocabularies: z.record(z.string(), z.array(choice)),
  identifier_types: z.array(named),
  sample_types: z.array(named),
});
export const collectionLookupReply = z.object({
  sample_types: z.array(named),
  identifier_types: z.array(named),
  occupations: z.array(z.object({ id: z.number(), name: z.string() })),
  rejection_reasons: z.array(reason),
  result_rejection_reasons: z.array(reason),
});
/** The lab-order page's offer: the facility's active tests and panels with their prices. */
export const generalOrderLookupReply = z.object({
  tests: z.array(catalogueTestItem.extend({ price: z.number().nullable() })),
  priorities: z.array(z.string()),
  identifier_types: z.array(named),
});
export const facilityPickItem = z.object({
  id: z.number(),
  facility_name: z.string(),
  facility_code: z.string(),
  facility_type: z.string(),
  tier: z.string(),
  state: z.number(),
  lga: z.number(),
  is_testing_lab: z.boolean(),
});
/** A place at one scope level: a state, an LGA (with its state) or a facility (with both). */
export const userLocationItem = z.object({ id: z.number(), name: z.string(), state: z.number().optional(), lga: z.number().optional() });
export const dashboardFilterReply = z.object({
  programs: z.array(programItem),
  test_types: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), program: z.number() })),
  states: z.array(userLocationItem),
  lgas: z.array(userLocationItem),
  facilities: z.array(userLocationItem),
  /** Analytical methods (the dashboard query's `method`). */
  methods: z.array(z.object({ id: z.number(), name: z.string() })),
  periodicity: z.array(z.string()),
});
/** The super admin's overview. */
export const adminDashboardReply = z.object({
  totals: z.object({ facilities: z.number(), users: z.number(), tier_users: z.number(), active_programs: z.number() }),
  facilities_by_type: z.array(z.object({ facility_type: z.string(), count: z.number() })),
  facilities_by_state: z.array(z.object({ state: z.number(), state_name: z.string(), code: z.string(), count: z.number() })),
  users_by_role: z.array(z.object({ role: z.string(), count: z.number() })),
  programs: z.array(z.object({ program: z.string(), facilities: z.number() })),
});
