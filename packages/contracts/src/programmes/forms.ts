import { z } from 'zod';
import { type ProgramFamily, programFamily } from './definitions.js';
import { tbRequestForm } from './tb.js';

/**
 * Each family's request form: the `form` an order carries besides its tests
 * and samples. The server validates an order's `form` with the schema of its
 * programme's family; the signed-in pages build their form fields from it.
 * Kept out of definitions.ts so the routing rules need no zod. The General,
 * EID, Viral Load and public-health families have no request form yet: an
 * empty object, strictly (an unknown field is refused).
 */
const noForm = z.object({}).strict();

export const REQUEST_FORMS = {
  general: noForm,
  tb: tbRequestForm,
  eid: noForm,
  vl: noForm,
  ph: noForm,
} as const satisfies Record<ProgramFamily, z.ZodType>;

/** A valid request form of a family, defaults applied. */
export type RequestForm<F extends ProgramFamily> = z.output<(typeof REQUEST_FORMS)[F]>;

/** The request-form schema of a programme (by name); an unknown name gets the public-health family's. */
export const requestFormOf = (program: string): (typeof REQUEST_FORMS)[ProgramFamily] => REQUEST_FORMS[programFamily(program)];
