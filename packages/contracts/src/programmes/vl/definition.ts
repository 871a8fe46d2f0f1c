import type { ProgrammeDefinition } from '../programme.js';
import { VL_CATALOGUE } from './catalogue.js';
import { VL_CODES, VL_FORM_IDENTIFIER_TYPES, VL_FORM_SPEC, vlFlag, vlFollowOn, vlHeadline, vlInterpretation, vlLogValue, vlMemberNotApplicable } from './vl.js';

/** HIV viral load: the request form, copies and their computed log10, suppression, the repeat after adherence counselling. */
export const VIRAL_LOAD: ProgrammeDefinition = {
  name: 'Viral Load',
  family: 'vl',
  code: 'VL',
  form: VL_FORM_SPEC,
  catalogue: VL_CATALOGUE,
  // A viral load tells an HIV status: a message says only that the result is ready, unless the facility decides otherwise.
  messages: 'ready',
  // A viral load is never "positive": its DHIS2 classes are the suppression ones (vl_*).
  dhis2: {
    order: 4,
    positives: false,
    measuresOrder: 1,
    measures: [
      { measure: 'vl_tests', tests: [VL_CODES.RNA] },
      // Undetectable or at most the suppression cut-off.
      { measure: 'vl_suppressed', tests: [VL_CODES.RNA], classes: ['undetectable', 'suppressed'] },
      { measure: 'vl_unsuppressed', tests: [VL_CODES.RNA], classes: ['unsuppressed'] },
      { measure: 'vl_band', tests: [VL_CODES.RNA], by: 'vl_band' },
    ],
  },
  lineListMembers: [VL_CODES.RNA],
  rules: {
    flag: vlFlag,
    followOn: vlFollowOn,
    notApplicable: vlMemberNotApplicable,
    identifierFields: VL_FORM_IDENTIFIER_TYPES,
    headline: (flags) => vlHeadline(flags),
    computed: { [VL_CODES.LOG]: { from: VL_CODES.RNA, value: vlLogValue } },
    interpretation: (testCode, value) => (testCode === VL_CODES.RNA ? vlInterpretation(value) : null),
  },
};
