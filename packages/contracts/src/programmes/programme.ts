import type { CatalogueTest } from './catalogue.js';
import type { ProgramFamily } from './families.js';
import type { FormSpec } from './form-spec.js';
import type { ProgrammeRules } from './types.js';

/**
 * One programme, declared once (DESIGN §4): everything that differs between
 * programmes sharing the sample lifecycle. Each family's folder holds its
 * programmes' definitions; the registry (registry.ts) lists them, and a new
 * one is added there (docs/adding-a-programme.md).
 */
export interface ProgrammeDefinition {
  /** Display name (SPEC §3), the key everything else refers to. */
  name: string;
  family: ProgramFamily;
  /** Prefix of the programme's laboratory numbers. */
  code: string;
  /** The request form an order carries besides its tests and samples, declared; none: an empty form. */
  form?: FormSpec;
  /** The programme's tests, panels and vocabularies, and which results are positive; the server seeds its catalogue from them. */
  catalogue: readonly CatalogueTest[];
  /** Interpretation rules: flags, the report's headline, follow-on tests, members settled by their siblings. */
  rules?: ProgrammeRules;
  /** A positive result of a notifiable disease raises "<NAME> POSITIVE" and joins the facility's "to notify" list. */
  notifiable?: boolean;
  /**
   * What a routine result message says unless a facility decides otherwise: only that results are ready and where
   * (`ready`: an HIV programme's, whose value tells a status), or the values too (`value`, the default). A test whose
   * value must never be in a message whatever the setting says so itself (`CatalogueTest.hiddenInMessages`).
   */
  messages?: 'ready' | 'value';
  /**
   * Its monthly DHIS2 aggregates: tests done and positives, keyed by the programme's code (`tests_<code>`,
   * `positives_<code>`), and its priority disease's cases when it is notifiable (`notifiable_<disease>`). Every
   * programme is reported; `order` places it in the indicator list (those without one follow, in registration order).
   */
  dhis2?: Dhis2Facts;
  /**
   * Its family's line list counts a panel once, by its coded member with positives; a panel without one names the
   * member that stands for it here (a viral load: the copies, its log10 beside).
   */
  lineListMembers?: readonly string[];
  /** The priority disease the health officials' pages follow through this programme's tests, if any. */
  priorityDisease?: PriorityDiseaseFacts;
}

export interface Dhis2Facts {
  order?: number;
  /** False where a positive means nothing (a viral load: its classes are suppression). */
  positives?: boolean;
  /** Members whose positives are not cases of the programme's disease (TB's rifampicin members: they say resistance). */
  notCases?: readonly string[];
  /**
   * Its own measures besides tests and positives, each titled `measure.<measure>` in the dhis2 catalog. They follow
   * every programme's tests and positives, programme by programme in `measuresOrder` (those without one last).
   */
  measures?: readonly Dhis2OwnMeasure[];
  measuresOrder?: number;
}

/** A programme's own DHIS2 measure: a count of its released results of some tests, whole or by band. */
export interface Dhis2OwnMeasure {
  /** The indicator's key, or for a measure by band the key's stem (`<measure>_<band>`). */
  measure: string;
  /** Catalogue codes whose released results it counts. */
  tests: readonly string[];
  /** Only the results of these classes (`positive`, `suppressed`, …); without it, every released result. */
  classes?: readonly string[];
  /**
   * A value per band: of the viral-load reporting bands in force (`vl_band`, by the result's copies), or of the
   * client's age at collection (`age_band`, EID's). Measures by the same bands listed together go band by band.
   */
  by?: 'vl_band' | 'age_band';
}

/** Which tests count for a disease: its `tested` tests are the denominator (one released result each), its `positive` values its cases. */
export interface DiseaseTests {
  /** Catalogue codes whose released results are the disease's tests (the denominator). */
  tested: readonly string[];
  /** Catalogue code → the values that are a case (the numerator). */
  positive: Readonly<Record<string, readonly string[]>>;
}

/** A priority disease of the officials' pages (SPEC §2): a tile on the priority-diseases landing, its map and its latest positives. */
export interface PriorityDiseaseFacts {
  /** Its key in addresses and replies and its title (`disease.<key>`), lower case. */
  key: string;
  /** Where the landing lists it (those without one follow, in registration order). */
  order?: number;
  /**
   * Its tests, where they are not the programme's declared positives (each test with `positive` values counts as a
   * test, and those values as cases); they may be other programmes' tests (HIV's rapid tests are General's).
   */
  tests?: DiseaseTests;
  /** Only these of the programme's declared positives count (a programme of two diseases: measles, not rubella). */
  only?: readonly string[];
  /** A dashboard of its own at each tier (`/dashboards/{federal|state|lga}_<key>`), listed in the sidebar in this order. */
  tierDashboard?: number;
}
