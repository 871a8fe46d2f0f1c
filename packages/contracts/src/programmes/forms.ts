import { z } from 'zod';
import { programFamily } from './definitions.js';
import { EID_FORM } from './eid.js';
import { type FormSpec, formSchema } from './form-spec.js';
import { PH_FORM_SPECS } from './ph.js';
import { tbRequestForm } from './tb.js';
import { VL_FORM_SPEC } from './vl.js';

/**
 * Each programme's request form: the `form` an order carries besides its
 * tests and samples. The server validates an order's `form` with
 * `requestFormOf(programme)`; the order form renders the same declaration.
 * Tuberculosis's form is written by hand (tb.ts); the others are declared as
 * data (form-spec.ts) and listed in `FORM_SPECS` by programme name. A
 * programme with neither takes no form: an empty object, strictly (an
 * unknown field is refused).
 */
const noForm = z.object({}).strict();

/** Declared request forms, by programme name. */
const FORM_SPECS: Readonly<Record<string, FormSpec>> = {
  EID: EID_FORM,
  'Viral Load': VL_FORM_SPEC,
  ...PH_FORM_SPECS,
};

/** The declared request form of a programme, or null (General; Tuberculosis, whose form is tb.ts). */
export const requestFormSpecOf = (program: string): FormSpec | null => FORM_SPECS[program] ?? null;

const schemas = new Map<FormSpec, z.ZodType>();

/** The request-form schema of a programme (by name). */
export function requestFormOf(program: string): z.ZodType<Record<string, unknown>> {
  if (programFamily(program) === 'tb') return tbRequestForm as unknown as z.ZodType<Record<string, unknown>>;
  const spec = requestFormSpecOf(program);
  if (!spec) return noForm as unknown as z.ZodType<Record<string, unknown>>;
  let schema = schemas.get(spec);
  if (!schema) {
    schema = formSchema(spec);
    schemas.set(spec, schema);
  }
  return schema as z.ZodType<Record<string, unknown>>;
}
