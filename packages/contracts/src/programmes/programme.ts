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
}
