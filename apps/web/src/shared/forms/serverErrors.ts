import type { FormInstance } from 'antd';
import { ApiError } from '../../api/errors';

/**
 * A 400 reply's messages under the form's fields: `samples.0.tests` belongs to the `samples` field. What no field
 * shows (non_field_errors, a field the form has not) comes back as lines; a refusal without fields (403, 409) as its
 * detail.
 */
export function showOnFields(form: FormInstance, error: unknown, fields: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const byField = error.fieldErrors;
  if (!byField) return error.detail ? [error.detail] : [];
  const shown = new Map<string, string[]>();
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(byField)) {
    const field = name.split('.')[0]!;
    if (fields.includes(field)) shown.set(field, [...(shown.get(field) ?? []), ...messages]);
    else rest.push(name === 'non_field_errors' ? messages.join(', ') : `${name}: ${messages.join(', ')}`);
  }
  form.setFields([...shown].map(([name, errors]) => ({ name, errors })));
  return rest;
}
