import { programFamily, type ProgramFamily } from './definitions.js';
import { followOnTests, interpretationFlag, TB_FORM_IDENTIFIER_TYPES, type TbResult } from './tb.js';

/** A result of a sample, by its test's catalogue code, as the interpretation rules read it. */
export type CodedResult = TbResult;

/**
 * A programme's interpretation rules (DESIGN §4): a flag a coded result
 * raises (Tuberculosis: RR-TB when rifampicin resistance is detected, MDR-TB
 * with isoniazid too), and the tests the national algorithm orders next on a
 * new sample of the same order. A family without rules flags nothing.
 */
export interface ProgrammeRules {
  flag?: (testCode: string, value: CodedResult['value'], sample: readonly CodedResult[]) => string | null;
  followOn?: (sample: readonly CodedResult[]) => string[];
  /** Request-form fields that are also the client's identifiers: field → identifier type name. */
  identifierFields?: Readonly<Record<string, string>>;
}

const RULES: Partial<Record<ProgramFamily, ProgrammeRules>> = {
  tb: { flag: interpretationFlag, followOn: followOnTests, identifierFields: TB_FORM_IDENTIFIER_TYPES },
};

export const rulesOf = (program: string): ProgrammeRules => RULES[programFamily(program)] ?? {};
