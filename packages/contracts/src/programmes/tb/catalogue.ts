import { type CatalogueTest, measure, member, REF, type TestSetup, testsOf } from '../catalogue.js';
import { TB_CODES as TB, TB_RESULT_VOCABULARIES } from './tb.js';

const { MOLE, MYCO, SPU, URI, STO, CSF, GA, LNA, MICROSCOPY, ZN, LED_FM, XPERT, LPA, RDT, LAMP, MGIT, LJ, PDST, GENEXPERT, MGIT_960, MICROSCOPE, GT_BLOT } =
  REF;

const tb = testsOf('Tuberculosis');

// Set-ups of the panels (members take their panel's); the vocabularies are tb.ts's.
const ZN_SMEAR: TestSetup = { section: MYCO, sampleTypes: [SPU, LNA], methods: [ZN, MICROSCOPY], instruments: [MICROSCOPE], tatHours: 24 };
const LED_SMEAR: TestSetup = { section: MYCO, sampleTypes: [SPU], methods: [LED_FM], tatHours: 24 };
const GENEXPERT_MTB: TestSetup = { section: MOLE, sampleTypes: [SPU, GA, CSF, STO, LNA], methods: [XPERT], instruments: [GENEXPERT], tatHours: 24 };
const LINE_PROBE: TestSetup = { section: MYCO, sampleTypes: [SPU], methods: [LPA], instruments: [GT_BLOT], tatHours: 72 };
const MGIT_CULTURE: TestSetup = { section: MYCO, sampleTypes: [SPU, GA, CSF, LNA], methods: [MGIT], instruments: [MGIT_960], tatHours: 1008 };
const LJ_CULTURE: TestSetup = { section: MYCO, sampleTypes: [SPU, GA, CSF, LNA], methods: [LJ], tatHours: 1344 };
const TB_DST: TestSetup = { section: MYCO, sampleTypes: [SPU], methods: [PDST], instruments: [MGIT_960], tatHours: 336 };

export const TB_CATALOGUE: CatalogueTest[] = [
  // Tuberculosis. A test that reports several values is a panel of member
  // tests, each with its own vocabulary (contracts: TB_RESULT_VOCABULARIES);
  // the rules that read them (flags, follow-on tests, which member applies)
  // are in contracts too (programmes/tb.ts).
  //
  // Smear microscopy: a coded grade and a numeric count, filled only for a
  // scanty smear (memberApplies). IUATLD/WHO grading, ZN at 1000×: no AFB in
  // at least 100 fields NEGATIVE; 1–9 AFB per 100 fields SCANTY (the count);
  // 10–99 per 100 fields 1+; 1–10 per field 2+; more than 10 per field 3+.
  // LED (auramine) counts AFB in one length: at 200× (one length = 30 fields)
  // 5–49 is SCANTY, at 400× (40 fields) 3–24; fewer (1–4, 1–2) asks for
  // confirmation by a second reader before reporting.
  tb.panel('AFB smear microscopy (ZN)', TB.ZN, ZN_SMEAR),
  tb.coded('AFB smear (ZN) - grade', TB.ZN_GRADE, TB_RESULT_VOCABULARIES[TB.ZN_GRADE]!, { ...member(TB.ZN, ZN_SMEAR), loinc: '11545-1' }),
  tb.numeric('AFB smear (ZN) - scanty count', TB.ZN_COUNT, { ...member(TB.ZN, ZN_SMEAR), ...measure('AFB/100 fields', 0, [1, 9]) }),
  tb.panel('AFB smear microscopy (LED fluorescence)', TB.LED, LED_SMEAR),
  tb.coded('AFB smear (LED) - grade', TB.LED_GRADE, TB_RESULT_VOCABULARIES[TB.LED_GRADE]!, member(TB.LED, LED_SMEAR)),
  tb.numeric('AFB smear (LED) - scanty count', TB.LED_COUNT, { ...member(TB.LED, LED_SMEAR), ...measure('AFB/length', 0, [1, 49]) }),

  // Xpert MTB/RIF and Ultra: MTB detection (semi-quantitative) and, when MTB
  // is detected, rifampicin resistance; an Ultra trace is always RIF
  // indeterminate. A run's error code goes in the result comment. No LOINC:
  // 38379-4 is rifampicin resistance by NAA, not detection.
  tb.panel('Xpert MTB/RIF', TB.XPERT, GENEXPERT_MTB),
  tb.coded('Xpert MTB/RIF - MTB detection', TB.XPERT_MTB, TB_RESULT_VOCABULARIES[TB.XPERT_MTB]!, member(TB.XPERT, GENEXPERT_MTB)),
  tb.coded('Xpert MTB/RIF - RIF resistance', TB.XPERT_RIF, TB_RESULT_VOCABULARIES[TB.XPERT_RIF]!, member(TB.XPERT, GENEXPERT_MTB)),
  tb.panel('Xpert MTB/RIF Ultra', TB.ULTRA, GENEXPERT_MTB),
  tb.coded('Xpert MTB/RIF Ultra - MTB detection', TB.ULTRA_MTB, TB_RESULT_VOCABULARIES[TB.ULTRA_MTB]!, member(TB.ULTRA, GENEXPERT_MTB)),
  tb.coded('Xpert MTB/RIF Ultra - RIF resistance', TB.ULTRA_RIF, TB_RESULT_VOCABULARIES[TB.ULTRA_RIF]!, member(TB.ULTRA, GENEXPERT_MTB)),
  tb.coded('TB-LAMP', TB.LAMP, TB_RESULT_VOCABULARIES[TB.LAMP]!, { section: MOLE, sampleTypes: [SPU], methods: [LAMP], tatHours: 24 }),
  tb.coded('TB LAM (urine LF-LAM)', TB.LAM, TB_RESULT_VOCABULARIES[TB.LAM]!, { section: MYCO, sampleTypes: [URI], methods: [RDT], tatHours: 1 }),

  // Line probe assays: MTBC detection, then one member per drug (or class).
  tb.panel('LPA first line (MTBDRplus)', TB.LPA1, LINE_PROBE),
  tb.coded('LPA first line - MTB complex', TB.LPA1_MTBC, TB_RESULT_VOCABULARIES[TB.LPA1_MTBC]!, member(TB.LPA1, LINE_PROBE)),
  tb.coded('LPA first line - rifampicin (rpoB)', TB.LPA1_RIF, TB_RESULT_VOCABULARIES[TB.LPA1_RIF]!, { ...member(TB.LPA1, LINE_PROBE), loinc: '46244-0' }),
  tb.coded('LPA first line - isoniazid high-level (katG)', TB.LPA1_INH_KATG, TB_RESULT_VOCABULARIES[TB.LPA1_INH_KATG]!, {
    ...member(TB.LPA1, LINE_PROBE),
    loinc: '46246-5',
  }),
  tb.coded('LPA first line - isoniazid low-level (inhA)', TB.LPA1_INH_INHA, TB_RESULT_VOCABULARIES[TB.LPA1_INH_INHA]!, member(TB.LPA1, LINE_PROBE)),
  tb.panel('LPA second line (MTBDRsl)', TB.LPA2, LINE_PROBE),
  tb.coded('LPA second line - MTB complex', TB.LPA2_MTBC, TB_RESULT_VOCABULARIES[TB.LPA2_MTBC]!, member(TB.LPA2, LINE_PROBE)),
  tb.coded('LPA second line - fluoroquinolones (gyrA/gyrB)', TB.LPA2_FQ, TB_RESULT_VOCABULARIES[TB.LPA2_FQ]!, member(TB.LPA2, LINE_PROBE)),
  tb.coded('LPA second line - second-line injectables (rrs/eis)', TB.LPA2_SLI, TB_RESULT_VOCABULARIES[TB.LPA2_SLI]!, member(TB.LPA2, LINE_PROBE)),

  // Culture: the result and, when something grew, the days to positivity
  // (MGIT protocol 42 days; LJ read weekly for 8 weeks).
  tb.panel('TB culture (MGIT liquid)', TB.CULTURE, MGIT_CULTURE),
  tb.coded('TB culture (MGIT) - result', TB.CULTURE_RESULT, TB_RESULT_VOCABULARIES[TB.CULTURE_RESULT]!, member(TB.CULTURE, MGIT_CULTURE)),
  tb.numeric('TB culture (MGIT) - days to positivity', TB.CULTURE_DAYS, { ...member(TB.CULTURE, MGIT_CULTURE), ...measure('days', 0, [1, 42]) }),
  tb.panel('TB culture (LJ solid)', TB.CULTURE_LJ, LJ_CULTURE),
  tb.coded('TB culture (LJ) - result', TB.CULTURE_LJ_RESULT, TB_RESULT_VOCABULARIES[TB.CULTURE_LJ_RESULT]!, member(TB.CULTURE_LJ, LJ_CULTURE)),
  tb.numeric('TB culture (LJ) - days to positivity', TB.CULTURE_LJ_DAYS, { ...member(TB.CULTURE_LJ, LJ_CULTURE), ...measure('days', 0, [1, 56]) }),

  // Phenotypic DST, first line: S or R per drug at the critical concentration.
  tb.panel('DST first line (MGIT)', TB.DST1, TB_DST),
  tb.coded('DST first line - rifampicin', TB.DST1_RIF, TB_RESULT_VOCABULARIES[TB.DST1_RIF]!, member(TB.DST1, TB_DST)),
  tb.coded('DST first line - isoniazid', TB.DST1_INH, TB_RESULT_VOCABULARIES[TB.DST1_INH]!, member(TB.DST1, TB_DST)),
  tb.coded('DST first line - ethambutol', TB.DST1_EMB, TB_RESULT_VOCABULARIES[TB.DST1_EMB]!, member(TB.DST1, TB_DST)),
  tb.coded('DST first line - pyrazinamide', TB.DST1_PZA, TB_RESULT_VOCABULARIES[TB.DST1_PZA]!, member(TB.DST1, TB_DST)),
];
