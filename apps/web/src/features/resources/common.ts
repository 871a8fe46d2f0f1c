import type { Choice, FieldSpec, FilterSpec } from './types';

/** Labels of choices from an enum of the contracts: `prefix.value`. */
export const choicesOf = (values: readonly (string | number)[], prefix: string): Choice[] => values.map((value) => ({ value, label: `${prefix}.${value}` }));

/** The status filter every deactivatable resource offers. */
export const activeFilter: FilterSpec = {
  name: 'is_active',
  label: 'field.is_active',
  choices: [
    { value: 'true', label: 'list.active' },
    { value: 'false', label: 'list.inactive' },
  ],
};

/** A text field labelled `field.<name>`. */
export const text = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, label: `field.${name}`, kind: 'text', ...extra });
export const required = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => text(name, { required: true, ...extra });
export const area = (name: string): FieldSpec => ({ name, label: `field.${name}`, kind: 'textarea', wide: true });
export const toggle = (name: string): FieldSpec => ({ name, label: `field.${name}`, kind: 'switch' });
export const number = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, label: `field.${name}`, kind: 'number', ...extra });
