import { z } from 'zod';

/**
 * `GET /api/request_form/?program=…`: a programme's request form as data, so
 * an integrator or an offline client can build a valid order from the API
 * alone — the fields, their kinds, choices and conditions (`when`: asked, and
 * accepted, only when another field holds one of the values), with labels in
 * the caller's language (Accept-Language or `?lang=`; English where a label has
 * no translation), and the JSON Schema the server validates `form` against.
 */
export const requestFormQuery = z.object({
  program: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(100),
  lang: z.string().max(35).optional(),
});

const choice = z.object({ value: z.string(), label: z.string() });

export const requestFormField = z.object({
  name: z.string(),
  label: z.string(),
  section: z.string(),
  kind: z.enum(['choice', 'choices', 'text', 'date', 'number', 'boolean']),
  required: z.boolean(),
  when: z.object({ field: z.string(), in: z.array(z.union([z.string(), z.boolean()])) }).nullable(),
  hint: z.string().nullable(),
  choices: z.array(choice).optional(),
  display: z.enum(['radio', 'select']).optional(),
  max: z.number().optional(),
  min: z.number().optional(),
  integer: z.boolean().optional(),
  unit: z.string().optional(),
  pattern: z.object({ source: z.string(), example: z.string() }).optional(),
});
export type RequestFormField = z.infer<typeof requestFormField>;

export const requestFormReply = z.object({
  program: z.string(),
  /** The wire form an order of this programme is posted to (`POST /api/{form}/`). */
  wire_form: z.string(),
  language: z.string(),
  /** False for a programme without a request form (General): `fields` is then empty. */
  declared: z.boolean(),
  sections: z.array(z.object({ key: z.string(), title: z.string() })),
  fields: z.array(requestFormField),
  /** The JSON Schema (draft 2020-12) of the `form` an order carries, as the server checks it. */
  json_schema: z.record(z.string(), z.unknown()),
});
export type RequestFormReply = z.infer<typeof requestFormReply>;
