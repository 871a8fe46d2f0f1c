import type { FormInstance } from 'antd';
import { ApiError } from './errors';

/**
 * Put a 400 reply's messages under the matching form fields. Returns the
 * fields that had no matching input (non_field_errors and the like), so the
 * caller can show them elsewhere.
 */
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown): Record<string, string[]> {
  const leftover: Record<string, string[]> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return leftover;
  // Without arguments this lists every registered field, filled in or not.
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const fields: { name: string; errors: string[] }[] = [];
  for (const [name, errors] of Object.entries(error.fieldErrors)) {
    if (known.has(name)) fields.push({ name, errors });
    else leftover[name] = errors;
  }
  form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
  return leftover;
}
