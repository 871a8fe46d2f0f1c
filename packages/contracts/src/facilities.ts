import { z } from 'zod';
import { dbId } from './input.js';
import { FACILITY_TIERS, FACILITY_TYPES } from './roles.js';

const ids = z.array(dbId()).default([]);

/** A facility as the super admin manages it (`facilities/`). */
export const facilityBody = z.object({
  facility_name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  facility_code: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(30)
    .regex(/^[A-Za-z0-9-_/]+$/, 'Use letters, digits, -, _ or / only.'),
  facility_type: z.enum(FACILITY_TYPES, { error: `Choose one of: ${FACILITY_TYPES.join(', ')}.` }),
  tier: z.enum(FACILITY_TIERS, { error: `Choose one of: ${FACILITY_TIERS.join(', ')}.` }),
  state: dbId({ error: 'This field is required.' }),
  lga: dbId({ error: 'This field is required.' }),
  address: z.string().trim().max(500).default(''),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/, 'Enter a valid phone number.')
    .default(''),
  email: z.union([z.email('Enter a valid email address.'), z.literal('')]).default(''),
  is_testing_lab: z.boolean().default(true),
  is_active: z.boolean().default(true),
  programs: ids,
  lab_networks: ids,
});
export type FacilityBody = z.infer<typeof facilityBody>;

export const facilityItem = z.object({
  id: z.number(),
  facility_name: z.string(),
  facility_code: z.string(),
  facility_type: z.string(),
  tier: z.string(),
  state: z.number(),
  state_name: z.string().nullable(),
  lga: z.number(),
  lga_name: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  is_testing_lab: z.boolean(),
  is_active: z.boolean(),
  programs: z.array(z.number()),
  lab_networks: z.array(z.number()),
});
export type FacilityItem = z.infer<typeof facilityItem>;
