import type { CatalogueTest } from '../catalogue.js';
import type { ProgrammeDefinition } from '../programme.js';
import type { ProgrammeRules } from '../types.js';
import { PH_CATALOGUE } from './catalogue.js';
import { PH_DISEASES, PH_FORM_IDENTIFIER_TYPES, type PhDisease, phCaseForm, phFlag, phHeadline, phMemberNotApplicable } from './ph.js';

/** What every public-health programme reads its results by: the disease's flag, the Ct members, the EPID number. */
export const PH_RULES: ProgrammeRules = {
  flag: (testCode, value) => phFlag(testCode, value),
  notApplicable: phMemberNotApplicable,
  identifierFields: PH_FORM_IDENTIFIER_TYPES,
  headline: phHeadline,
};

/** A public-health programme: its disease's case-investigation form and its tests. */
export function publicHealthProgramme(disease: PhDisease, catalogue: readonly CatalogueTest[]): ProgrammeDefinition {
  return {
    name: disease.program,
    family: 'ph',
    code: disease.code,
    form: phCaseForm(disease),
    catalogue,
    rules: PH_RULES,
    notifiable: disease.notifiable,
    ...(disease.dhis2 ? { dhis2: disease.dhis2 } : {}),
    ...(disease.priorityDisease ? { priorityDisease: disease.priorityDisease } : {}),
  };
}

/** The eleven public-health programmes (NCDC priority diseases and "Public"). */
export const PUBLIC_HEALTH_PROGRAMMES: readonly ProgrammeDefinition[] = PH_DISEASES.map((d) =>
  publicHealthProgramme(
    d,
    PH_CATALOGUE.filter((t) => t.program === d.program),
  ),
);
