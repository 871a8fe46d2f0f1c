import { z } from 'zod';
import { dbId } from './input.js';

/**
 * The plain reference resources (issue: administration). Each has a body
 * (create / update) and an item (what lists and details return).
 */
const name = z.string().trim().min(1, 'This field may not be blank.').max(200);
const code = z.string().trim().max(50).default('');
const optionalText = (max = 500) => z.string().trim().max(max).default('');
const active = z.boolean().default(true);
const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.number(), ...shape });

function plain<T extends z.ZodRawShape>(shape: T) {
  return { body: z.object(shape), item: withId(shape) };
}

export const REFERENCE_RESOURCES = {
  section: plain({ name, code, description: optionalText(), is_active: active }),
  method: plain({ name, code, description: optionalText(), is_active: active }),
  instrument: plain({ name, manufacturer: optionalText(200), model: optionalText(200), is_active: active }),
  occupation: plain({ name, is_active: active }),
  organism: plain({ name, code, gram_stain: z.enum(['positive', 'negative', 'not applicable']).default('not applicable'), is_active: active }),
  antibiotic: plain({ name, code, antibiotic_class: optionalText(200), is_active: active }),
  client_identifier_type: plain({ name, code, is_active: active }),
  sample_type: plain({ name, code, is_active: active }),
  rejection_reason: plain({ reason: name, code, is_active: active }),
  result_rejection_reason: plain({ reason: name, code, is_active: active }),
  supplier: plain({
    name,
    phone: optionalText(50),
    email: z.union([z.email('Enter a valid email address.'), z.literal('')]).default(''),
    address: optionalText(),
    is_active: active,
  }),
  manufacturer: plain({ name, country: optionalText(100), is_active: active }),
  measure_unit: plain({ name, symbol: z.string().trim().min(1, 'This field may not be blank.').max(30), is_active: active }),
  courier_provider: plain({
    name,
    phone: optionalText(50),
    email: z.union([z.email('Enter a valid email address.'), z.literal('')]).default(''),
    is_active: active,
  }),
  lab_network: plain({
    name,
    description: optionalText(),
    /** The programme whose samples its members refer (null: any programme). */
    program: dbId().nullable().default(null),
    /** Where its members' samples go. */
    testing_facility: dbId().nullable().default(null),
    courier_provider: dbId().nullable().default(null),
    /** Hours from dispatch to delivery after which a shipment is overdue. */
    expected_hours: z
      .number()
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(720, 'Ensure this value is less than or equal to 720.')
      .default(72),
    is_active: active,
  }),
} as const;
export type ReferenceResource = keyof typeof REFERENCE_RESOURCES;

export const benchBody = z.object({ name, code, section: dbId({ error: 'This field is required.' }), is_active: active });
export const benchItem = withId({ name, code, section: z.number(), section_name: z.string().nullable(), is_active: z.boolean() });
