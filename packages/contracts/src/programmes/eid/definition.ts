import type { ProgrammeDefinition } from '../programme.js';
import { EID_CATALOGUE } from './catalogue.js';
import { EID_FORM, EID_IDENTIFIER_FIELDS, eidFlag, eidFollowOn, eidHeadline, eidRequestLines } from './eid.js';

/** Early infant diagnosis: the DBS request form, the HIV-1 DNA PCR, the confirmatory PCR after a positive. */
export const EID: ProgrammeDefinition = {
  name: 'EID',
  family: 'eid',
  code: 'EID',
  form: EID_FORM,
  catalogue: EID_CATALOGUE,
  rules: {
    flag: eidFlag,
    followOn: eidFollowOn,
    identifierFields: EID_IDENTIFIER_FIELDS,
    requestLines: eidRequestLines,
    headline: eidHeadline,
  },
};
