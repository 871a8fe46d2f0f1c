import { type FieldSpec, type FormSpec, REQUIRED, requestFormOf, requestFormSpecOf } from '@nlims/contracts';
import type { TFunction } from 'i18next';
import type { FormFieldError, Issue } from './issues';

/** The values typed in: empty inputs left out, so the schema's defaults apply. */
export function cleaned(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

/** One problem of a declared form's field, in the interface language. */
function specMessage(spec: FormSpec, f: FieldSpec | undefined, issue: Issue, t: TFunction): string {
  const label = f ? t(`${spec.namespace}:field.${f.name}`, { defaultValue: f.label }) : String(issue.path[0] ?? '');
  // The form's own words for its cross-field rules (TB: "Name the specimen.").
  for (const kind of ['required', 'notAsked'] as const) {
    const own = f?.messages?.[kind];
    if (own && issue.message === own) return t(`${spec.namespace}:message.${f!.name}.${kind}`, { defaultValue: own });
  }
  if (issue.message === REQUIRED) return t('clinical:requestForm.required', { label });
  if (issue.message.startsWith('Answer this only when') && f?.when) {
    const on = spec.fields.find((x) => x.name === f.when!.field);
    return t('clinical:requestForm.onlyWhen', { label: on ? t(`${spec.namespace}:field.${on.name}`, { defaultValue: on.label }) : f.when.field });
  }
  if (!f) return t('clinical:requestForm.invalid', { label });
  switch (f.kind) {
    case 'choice':
    case 'choices':
      return t('clinical:requestForm.choose', { label });
    case 'text':
      if (issue.code === 'too_big') return t('clinical:requestForm.maxLength', { label, max: f.max });
      if (f.pattern) return t('clinical:requestForm.pattern', { label, example: f.pattern.example });
      return t('clinical:requestForm.invalid', { label });
    case 'date':
      return t(issue.message === 'This date is in the future.' ? 'clinical:requestForm.future' : 'clinical:requestForm.date', { label });
    case 'number':
      return t('clinical:requestForm.range', { label, min: f.min, max: f.max });
    default:
      return t('clinical:requestForm.invalid', { label });
  }
}

/**
 * Check a programme's request form with the same schema the server applies
 * (`requestFormOf`, contracts) before it is sent. Returns the form to post
 * (defaults applied), or the errors under `form.<field>` in the interface
 * language.
 */
export function checkRequestForm(
  program: string,
  values: Record<string, unknown> | undefined,
  t: TFunction,
): { form: Record<string, unknown> } | { errors: FormFieldError[] } {
  const parsed = requestFormOf(program).safeParse(cleaned(values));
  if (parsed.success) return { form: parsed.data };
  const spec = requestFormSpecOf(program);
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues as unknown as Issue[]) {
    const field = String(issue.path[0] ?? '');
    const message = spec
      ? specMessage(
          spec,
          spec.fields.find((f) => f.name === field),
          issue,
          t,
        )
      : t('clinical:requestForm.invalid', { label: field });
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return { errors: [...byField].map(([field, errors]) => ({ name: ['form', field], errors })) };
}

/** The request-form fields a programme's order form shows, for placing the server's `form.<field>` errors. */
export function requestFormFields(program: string): readonly string[] {
  return requestFormSpecOf(program)?.fields.map((f) => f.name) ?? [];
}
