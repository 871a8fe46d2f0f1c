import type { ProgrammeDefinition } from '../programme.js';
import { EID_CATALOGUE } from './catalogue.js';
import { EID_FORM, EID_IDENTIFIER_FIELDS, EID_PCR, eidFlag, eidFollowOn, eidHeadline, eidRequestLines } from './eid.js';

/** Early infant diagnosis: the DBS request form, the HIV-1 DNA PCR, the confirmatory PCR after a positive. */
export const EID: ProgrammeDefinition = {
  name: 'EID',
  family: 'eid',
  code: 'EID',
  form: EID_FORM,
  catalogue: EID_CATALOGUE,
  // An infant's HIV status: a message says only that the result is ready, unless the facility decides otherwise.
  messages: 'ready',
  dhis2: {
    order: 3,
    measuresOrder: 2,
    // Infants' DNA PCR results, and those detected, by age at collection.
    measures: [
      { measure: 'eid_tests', tests: [EID_PCR], by: 'age_band' },
      { measure: 'eid_positives', tests: [EID_PCR], classes: ['positive'], by: 'age_band' },
    ],
  },
  priorityDisease: {
    key: 'hiv',
    order: 12,
    tierDashboard: 2,
    // Diagnosis only: the infant's DNA PCR and General's national serial rapid-test algorithm, screened by test 1 and
    // confirmed by test 2. Viral load monitors people already diagnosed: it is shown beside, never counted as a case.
    tests: { tested: [EID_PCR, 'HIV-RT1'], positive: { [EID_PCR]: ['DETECTED'], 'HIV-RT2': ['REACTIVE'] } },
  },
  rules: {
    flag: eidFlag,
    followOn: eidFollowOn,
    identifierFields: EID_IDENTIFIER_FIELDS,
    requestLines: eidRequestLines,
    headline: eidHeadline,
  },
};
