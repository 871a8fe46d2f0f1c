import type { TFunction } from 'i18next';
import { useProgramme } from '../programme';
import { type Choice, useTbFormLookup } from './api';

/**
 * The result vocabulary of a coded test, with labels: the programme's
 * declared vocabulary (TB: `tb_form_lookup/`'s `result_vocabularies` by test
 * code) when it has one, else the test's codes as they are.
 */
export function useResultVocabulary(): (testCode: string | undefined, codes: readonly string[]) => Choice[] {
  const programme = useProgramme();
  const lookup = useTbFormLookup(programme.family === 'tb');
  return (testCode, codes) => {
    const declared = testCode ? lookup.data?.result_vocabularies[testCode] : undefined;
    return codes.map((value) => ({ value, label: declared?.find((c) => c.value === value)?.label ?? value }));
  };
}

/** A value with its label in the interface language: the stored code, then what it means when that says more ("MTB DETECTED MEDIUM — MTB detected, medium"). */
export function choiceText(t: TFunction, choice: Choice): string {
  const label = t(`tb:vocab.${choice.label}`, { defaultValue: choice.label });
  return label.toUpperCase() === choice.value.toUpperCase() ? choice.value : `${choice.value} — ${label}`;
}
