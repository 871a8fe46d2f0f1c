import type { FormInstance } from 'antd';
import { ApiError } from '../../api/errors';

/**
 * A 400 reply's messages under the form's fields (`rename` maps a server field onto the one the form shows: `bench`
 * onto the check-out's target); what no field shows, and a refusal without fields (403, 409), come back as lines.
 */
export function showOnFields(form: FormInstance, error: unknown, fields: readonly string[], rename: (name: string) => string = (n) => n): string[] {
  if (!(error instanceof ApiError)) return [];
  const byField = error.fieldErrors;
  if (!byField) return error.detail ? [error.detail] : [];
  const shown = new Map<string, string[]>();
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(byField)) {
    const field = rename(name.split('.')[0]!);
    if (fields.includes(field)) shown.set(field, [...(shown.get(field) ?? []), ...messages]);
    else rest.push(name === 'non_field_errors' ? messages.join(', ') : `${name}: ${messages.join(', ')}`);
  }
  form.setFields([...shown].map(([name, errors]) => ({ name, errors })));
  return rest;
}
