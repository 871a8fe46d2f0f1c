import { type ProgramFamily, REQUEST_FORMS, TB_TREATMENT_MONTHS } from '@nlims/contracts';
import type { TFunction } from 'i18next';

export { requestFormFields } from './fields';

/** The contracts' messages of the form's cross-field rules, by their catalog key. */
const RULE_MESSAGES: Record<string, string> = {
  'This field is required for a follow-up examination.': 'validation.monthNeeded',
  'Give the treatment month only for a follow-up examination.': 'validation.monthOnlyFollowUp',
  'Name the specimen.': 'validation.nameSpecimen',
  'Name a specimen only when the specimen is "other".': 'validation.specimenOnlyOther',
};

export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  maximum?: number | bigint;
}

/** The values typed in: empty inputs left out, so the schema's defaults apply. */
function cleaned(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * Check a request form with the same schema the server applies
 * (`REQUEST_FORMS`, contracts) before it is sent. Returns the form to post
 * (defaults applied), or the errors under `form.<field>` in the interface
 * language.
 */
export function checkRequestForm(
  family: ProgramFamily,
  values: Record<string, unknown> | undefined,
  t: TFunction,
): { form: Record<string, unknown> } | { errors: FormFieldError[] } {
  const parsed = REQUEST_FORMS[family].safeParse(cleaned(values));
  if (parsed.success) return { form: parsed.data as Record<string, unknown> };
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues as unknown as Issue[]) {
    const field = String(issue.path[0] ?? '');
    const label = t(`tb:field.${field}`, { defaultValue: field });
    let message: string;
    if (RULE_MESSAGES[issue.message]) message = t(`tb:${RULE_MESSAGES[issue.message]}`);
    else if (issue.code === 'too_big' && issue.origin === 'string') message = t('tb:validation.maxLength', { label, max: Number(issue.maximum) });
    else if (field === 'treatment_month') message = t('tb:validation.month', TB_TREATMENT_MONTHS);
    else if (issue.code === 'invalid_value' || issue.code === 'invalid_type') message = t('tb:validation.choose', { label });
    else message = t('tb:validation.invalid', { label });
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return { errors: [...byField].map(([field, errors]) => ({ name: ['form', field], errors })) };
}
