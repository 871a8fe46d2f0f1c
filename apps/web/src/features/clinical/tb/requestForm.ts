import { TB_TREATMENT_MONTHS, tbRequestForm } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import type { FormFieldError, Issue } from '../request-form/issues';

/** The contracts' messages of the form's cross-field rules, by their catalog key. */
const RULE_MESSAGES: Record<string, string> = {
  'This field is required for a follow-up examination.': 'validation.monthNeeded',
  'Give the treatment month only for a follow-up examination.': 'validation.monthOnlyFollowUp',
  'Name the specimen.': 'validation.nameSpecimen',
  'Name a specimen only when the specimen is "other".': 'validation.specimenOnlyOther',
};

/** The presumptive-TB request form checked with the server's schema; the errors under `form.<field>` in the interface language. */
export function checkTbRequestForm(values: Record<string, unknown>, t: TFunction): { form: Record<string, unknown> } | { errors: FormFieldError[] } {
  const parsed = tbRequestForm.safeParse(values);
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
