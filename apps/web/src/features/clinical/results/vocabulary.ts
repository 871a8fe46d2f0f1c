import { type CodedChoice, resultChoices } from '@nlims/contracts';
import type { TFunction } from 'i18next';

/**
 * The values a coded test may take, with what each means: the test's vocabulary as its programme declares it in the
 * catalogue (contracts), else its codes as they are.
 */
export const resultVocabulary = (testCode: string | undefined, codes: readonly string[]): CodedChoice[] => resultChoices(testCode, codes);

/** A value with its label in the interface language: the stored code, then what it means when that says more ("MTB DETECTED MEDIUM — MTB detected, medium"). */
export function choiceText(t: TFunction, choice: CodedChoice): string {
  const label = t(`clinical:vocab.${choice.label}`, { defaultValue: choice.label });
  return label.toUpperCase() === choice.value.toUpperCase() ? choice.value : `${choice.value} — ${label}`;
}
