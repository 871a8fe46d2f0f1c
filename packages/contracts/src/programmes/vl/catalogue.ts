import { ABOVE, BELOW, TARGET_NOT_DETECTED } from '../censored.js';
import { type CatalogueTest, measure, REF, type TestSetup, testsOf } from '../catalogue.js';
import { VL_CODES } from './vl.js';

const { MOLE, WB, PLA, DBS, PCR, XPERT, GENEXPERT, ABBOTT_M2000, COBAS_4800 } = REF;

const vl = testsOf('Viral Load');
const HIV_VL: TestSetup = {
  section: MOLE,
  panel: VL_CODES.PANEL,
  sampleTypes: [PLA, DBS, WB],
  methods: [PCR, XPERT],
  instruments: [ABBOTT_M2000, COBAS_4800, GENEXPERT],
  tatHours: 168,
};

export const VL_CATALOGUE: CatalogueTest[] = [
  // Viral Load (reference upper limit: the suppression threshold of 1,000 copies/mL). The copies take
  // "< n" (below the platform's limit), "> n" (above it) and "Target not detected"; the log10 is computed
  // from them (contracts vl.ts), so it takes "< n" and "> n" too.
  vl.panel('HIV-1 viral load', VL_CODES.PANEL, {
    section: MOLE,
    sampleTypes: [PLA, DBS, WB],
    methods: [PCR, XPERT],
    instruments: [ABBOTT_M2000, COBAS_4800, GENEXPERT],
    tatHours: 168,
  }),
  vl.censored('HIV-1 RNA viral load', VL_CODES.RNA, [BELOW, ABOVE, TARGET_NOT_DETECTED], {
    ...HIV_VL,
    loinc: '20447-9',
    ...measure('copies/mL', 0, [20, 10000000], [0, 1000]),
  }),
  vl.censored('HIV-1 RNA viral load (log10)', VL_CODES.LOG, [BELOW, ABOVE], {
    ...HIV_VL,
    loinc: '29541-0',
    ...measure('log10 copies/mL', 2, [1.3, 7], [0, 3]),
  }),
];
