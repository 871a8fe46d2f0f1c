import { requestFormOf } from '@nlims/contracts';
import { ValidationError } from '../../core/errors.js';

/**
 * The order's request form checked against its programme's schema
 * (contracts/programmes/forms.ts: General has none, Tuberculosis the
 * presumptive-TB request); a bad field is a 400 naming `form.<field>`.
 */
export function validateRequestForm(program: string, form: Record<string, unknown> | undefined): Record<string, unknown> {
  const parsed = requestFormOf(program).safeParse(form ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    fields[key] = [...(fields[key] ?? []), message];
  };
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) add(`form.${k}`, 'This field is not part of the form.');
    else add(['form', ...issue.path.map(String)].join('.'), issue.message);
  }
  throw new ValidationError(fields);
}
