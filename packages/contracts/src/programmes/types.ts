/**
 * The shared types of the programmes' definitions: below every family's
 * folder and the registry, importing none of them (no cycles).
 */

/** A coded answer or result: the value stored and sent, and its label. */
export interface CodedChoice<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** A result of a sample, by its test's catalogue code, as the interpretation rules read it. */
export interface CodedResult {
  code: string;
  value: string | number | null;
}

/** What a printed request form may compute from besides its answers: the client's date of birth, when the (first) sample was collected. */
export interface RequestContext {
  dateOfBirth?: string | null;
  collectedAt?: Date | string | null;
}

/** The tests a sample's results ask for next. */
export interface FollowOn {
  /** Catalogue codes of the tests (or panels) to order. */
  codes: string[];
  /**
   * A new request of the same client carrying this request form (EID: the
   * confirmatory PCR; viral load: the repeat after adherence counselling).
   * Without it, the tests go on a new sample of the same order (TB).
   */
  form?: Record<string, unknown>;
}

/**
 * A programme's interpretation rules (DESIGN §4): a flag a coded result
 * raises (Tuberculosis: RR-TB when rifampicin resistance is detected, MDR-TB
 * with isoniazid too), and the tests the national algorithm orders next on a
 * new sample of the same order. A family without rules flags nothing.
 */
export interface ProgrammeRules {
  flag?: (testCode: string, value: CodedResult['value'], sample: readonly CodedResult[]) => string | null;
  /** What the results of a sample ask for next (given the order's request form), or null. */
  followOn?: (sample: readonly CodedResult[], form: Readonly<Record<string, unknown>>) => FollowOn | null;
  /** A panel member its siblings' results settle as not applying (TB: RIF after MTB NOT DETECTED): it is closed, not awaited. */
  notApplicable?: (testCode: string, sample: readonly CodedResult[]) => boolean;
  /** Request-form fields that are also the client's identifiers: field → identifier type name. */
  identifierFields?: Readonly<Record<string, string>>;
  /** The request form as labelled lines, for the printed report (with the client's date of birth and the collection, for facts computed from them). */
  requestLines?: (form: Readonly<Record<string, unknown>>, context?: RequestContext) => [string, string][];
  /** A flag the report announces above the results (TB: drug-resistant TB). */
  headline?: (flags: readonly string[]) => string | null;
  /**
   * Panel members computed from a sibling, never typed (viral load: the log10
   * from the copies): member code → the sibling's code and the value from the
   * sibling's (null: none, the member is then settled by `notApplicable`).
   */
  computed?: Readonly<Record<string, { from: string; value: (source: CodedResult['value']) => number | string | null }>>;
  /** A result's reading in words (viral load: suppressed or not, and its reporting band), for the report and the CSV; null for none. */
  interpretation?: (testCode: string, value: CodedResult['value']) => string | null;
}
