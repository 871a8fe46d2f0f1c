import { TB_FORM_CHOICES, type TbFormChoiceField } from '@nlims/contracts';
import type { TFunction } from 'i18next';

/**
 * A request-form code (patient_category `new`, specimen `sputum_spot` …) as
 * its label in the interface language: the `tb` catalog's `choice.<field>.<code>`,
 * else contracts' English label, else the code itself. Empty for no value.
 */
export function formChoiceText(t: TFunction, field: TbFormChoiceField, value: string | null | undefined): string {
  if (value == null || value === '') return '';
  const english = (TB_FORM_CHOICES[field] as readonly { value: string; label: string }[]).find((c) => c.value === value)?.label;
  return t(`tb:choice.${field}.${value}`, { defaultValue: english ?? value });
}
