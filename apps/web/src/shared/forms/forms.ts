import type { FormInstance } from 'antd';
import { ApiError } from '../../api/errors';

/**
 * Put a 400 reply's messages under the fields the form shows (a dotted name
 * such as `form.treatment_month` is the nested field `['form', 'treatment_month']`); the rest
 * (identifiers, non_field_errors, nested result rows …) come back as lines
 * for an alert above the buttons. The "Error Occurred..." notice is shown by
 * the API client in any case.
 */
export function showServerErrors(form: FormInstance, error: unknown, visible: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = error.fieldErrors;
  if (!fields) return error.detail ? [error.detail] : [];
  const leftover: string[] = [];
  const onFields: { name: string[]; errors: string[] }[] = [];
  for (const [name, errors] of Object.entries(fields)) {
    if (visible.includes(name)) onFields.push({ name: name.split('.'), errors });
    else leftover.push(`${name === 'non_field_errors' ? '' : `${name}: `}${errors.join(', ')}`);
  }
  form.setFields(onFields);
  return leftover;
}

/** The detail of a refused move (403/409), for an alert in the dialog that made it. */
export function errorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.detail) return error.detail;
  const fields = error.fieldErrors;
  return fields ? Object.values(fields).flat().join(' ') : null;
}
