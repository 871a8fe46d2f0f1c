import type { FamilyHistory } from '../history-kit.js';

/** EID's part of the generated history: DNA PCR on dried blood spots, about 4 % of exposed infants positive. */
export const EID_HISTORY: FamilyHistory = {
  programmes: [{ program: 'EID', share: 0.03, tests: [{ test: 'EID-DNA-PCR', share: 1 }], infants: true }],
  values: {
    'EID-DNA-PCR': [
      ['DETECTED', 40],
      ['NOT DETECTED', 940],
      ['INDETERMINATE', 10],
      ['INVALID', 10],
    ],
  },
};
