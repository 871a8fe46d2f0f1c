import { type CatalogueTest, CT, IGM_RESULTS, member, PCR_RESULTS, RDT_AB, RDT_AG, REF, REFERENCE_PCR, type TestSetup, testsOf } from '../catalogue.js';
import { PH_CODES as PH } from './ph.js';

const {
  MICRO,
  SERO,
  WB,
  SER,
  PLA,
  DBS,
  STO,
  CSF,
  NPS,
  OPS,
  BCB,
  LSW,
  RSW,
  CRU,
  MICROSCOPY,
  PCR,
  XPERT,
  RDT,
  ELISA,
  GRAM,
  LATEX,
  AGGL,
  GENEXPERT,
  MICROSCOPE,
  ABI_7500,
} = REF;
const PCR_QUAL = [...PCR_RESULTS];
const IGM = [...IGM_RESULTS];
const DETECTED = ['DETECTED'];
const POSITIVE = ['POSITIVE'];

const covid = testsOf('COVID-19');
const lassa = testsOf('Lassa Fever');
const mpox = testsOf('Monkey Pox');
const csm = testsOf('CSM');
const cholera = testsOf('Cholera');
const measlesRubella = testsOf('Measles and Rubella');
const anthrax = testsOf('Anthrax');
const yellowFever = testsOf('Yellow fever');
const influenza = testsOf('Influenza');
const diphtheria = testsOf('Diphtheria');
const publicHealth = testsOf('Public');

// Public-health RT-PCR panels (members take their panel's set-up; a Ct value per target)
const COVID_PCR: TestSetup = { ...REFERENCE_PCR, sampleTypes: [NPS, OPS], methods: [PCR, XPERT], instruments: [ABI_7500, GENEXPERT], tatHours: 24 };
const LASSA_PCR: TestSetup = { ...REFERENCE_PCR, sampleTypes: [WB, SER, PLA], tatHours: 24 };
const MPXV_PCR: TestSetup = { ...REFERENCE_PCR, sampleTypes: [LSW, CRU, OPS] };
const RAPID: TestSetup = { section: SERO, sampleTypes: [SER, PLA, WB], methods: [RDT], tatHours: 1 };
const CSM_LATEX_POSITIVE = [
  'N. MENINGITIDIS A',
  'N. MENINGITIDIS C',
  'N. MENINGITIDIS W/Y',
  'N. MENINGITIDIS B / E. COLI K1',
  'S. PNEUMONIAE',
  'H. INFLUENZAE TYPE B',
];
const NM_SEROGROUPS = ['SEROGROUP A', 'SEROGROUP B', 'SEROGROUP C', 'SEROGROUP W', 'SEROGROUP X', 'SEROGROUP Y', 'NON-GROUPABLE'];
const YF_PCR: TestSetup = { ...REFERENCE_PCR, sampleTypes: [SER, PLA] };

/** The public-health programmes' tests; `positive` marks the values that are a case. */
export const PH_CATALOGUE: CatalogueTest[] = [
  // Public-health RT-PCR: a panel of the run's outcome (DETECTED / NOT
  // DETECTED / INCONCLUSIVE / INVALID) and one Ct value per target, recorded
  // when the target could amplify (programmes/ph.ts: not after NOT DETECTED
  // or INVALID). Cut-off: Ct < 40 (most kits), reportable 5–45.
  //
  // COVID-19: Charité/Berlin targets (E, N, RdRp) as most Nigerian kits run them.
  covid.panel('SARS-CoV-2 RT-PCR', PH.COVID_PCR, COVID_PCR),
  covid.coded('SARS-CoV-2 RT-PCR - result', PH.COVID_RESULT, PCR_QUAL, { positive: DETECTED, ...member(PH.COVID_PCR, COVID_PCR), loinc: '94500-6' }),
  covid.numeric('SARS-CoV-2 RT-PCR - E gene Ct', PH.COVID_E_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.numeric('SARS-CoV-2 RT-PCR - N gene Ct', PH.COVID_N_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.numeric('SARS-CoV-2 RT-PCR - RdRp gene Ct', PH.COVID_RDRP_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.coded('SARS-CoV-2 antigen RDT', 'COVID-AG', RDT_AG, {
    positive: POSITIVE,
    section: SERO,
    loinc: '94558-4',
    sampleTypes: [NPS],
    methods: [RDT],
    tatHours: 1,
  }),

  // Lassa Fever: whole blood or serum (plasma too); targets GPC (S segment) and L gene.
  lassa.panel('Lassa virus RT-PCR', PH.LASSA_PCR, LASSA_PCR),
  lassa.coded('Lassa virus RT-PCR - result', PH.LASSA_RESULT, PCR_QUAL, { ...member(PH.LASSA_PCR, LASSA_PCR), positive: DETECTED }),
  lassa.numeric('Lassa virus RT-PCR - GPC (S segment) Ct', PH.LASSA_GPC_CT, { ...member(PH.LASSA_PCR, LASSA_PCR), ...CT }),
  lassa.numeric('Lassa virus RT-PCR - L gene Ct', PH.LASSA_L_CT, { ...member(PH.LASSA_PCR, LASSA_PCR), ...CT }),

  // Monkey Pox: lesion swab or crust; generic MPXV target (G2R).
  mpox.panel('Monkeypox virus (MPXV) PCR', PH.MPXV_PCR, MPXV_PCR),
  mpox.coded('Monkeypox virus (MPXV) PCR - result', PH.MPXV_RESULT, PCR_QUAL, { ...member(PH.MPXV_PCR, MPXV_PCR), loinc: '100383-9', positive: DETECTED }),
  mpox.numeric('Monkeypox virus (MPXV) PCR - G2R Ct', PH.MPXV_CT, { ...member(PH.MPXV_PCR, MPXV_PCR), ...CT }),

  // CSM
  csm.coded(
    'CSF Gram stain',
    'CSM-GRAM',
    ['GRAM-NEGATIVE DIPLOCOCCI SEEN', 'GRAM-POSITIVE DIPLOCOCCI SEEN', 'GRAM-NEGATIVE BACILLI SEEN', 'GRAM-POSITIVE COCCI SEEN', 'NO ORGANISMS SEEN'],
    { section: MICRO, loinc: '664-3', sampleTypes: [CSF], methods: [GRAM, MICROSCOPY], instruments: [MICROSCOPE], tatHours: 2 },
  ),
  csm.coded('CSF latex agglutination', 'CSM-LATEX', [...CSM_LATEX_POSITIVE, 'GROUP B STREPTOCOCCUS', 'NEGATIVE'], {
    section: MICRO,
    sampleTypes: [CSF],
    methods: [LATEX],
    tatHours: 2,
    positive: CSM_LATEX_POSITIVE,
  }),
  csm.coded(
    'Bacterial meningitis PCR (Nm/Sp/Hi)',
    'CSM-PCR',
    ['N. MENINGITIDIS DETECTED', 'S. PNEUMONIAE DETECTED', 'H. INFLUENZAE DETECTED', 'NOT DETECTED', 'INVALID'],
    { ...REFERENCE_PCR, sampleTypes: [CSF], positive: ['N. MENINGITIDIS DETECTED', 'S. PNEUMONIAE DETECTED', 'H. INFLUENZAE DETECTED'] },
  ),
  csm.coded(
    'N. meningitidis serogrouping PCR',
    'CSM-NM-SEROGROUP',
    NM_SEROGROUPS,
    // Serogrouping runs on a meningococcus found: every serogroup is a case.
    { ...REFERENCE_PCR, sampleTypes: [CSF], positive: NM_SEROGROUPS },
  ),
  csm.culture('CSF M/C/S', 'CSM-MCS', ['GROWTH', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { loinc: '606-4', sampleTypes: [CSF] }),

  // Cholera
  cholera.coded('Cholera RDT', 'CHOLERA-RDT', ['O1 POSITIVE', 'O139 POSITIVE', 'O1 AND O139 POSITIVE', 'NEGATIVE', 'INVALID'], {
    section: MICRO,
    sampleTypes: [STO, RSW],
    methods: [RDT],
    tatHours: 1,
    positive: ['O1 POSITIVE', 'O139 POSITIVE', 'O1 AND O139 POSITIVE'],
  }),
  cholera.culture('Stool M/C/S (Vibrio cholerae)', 'CHOLERA-MCS', ['V. CHOLERAE ISOLATED', 'V. CHOLERAE NOT ISOLATED', 'CONTAMINATED'], {
    loinc: '625-4',
    sampleTypes: [STO, RSW],
    positive: ['V. CHOLERAE ISOLATED'],
  }),
  cholera.coded('V. cholerae serotyping', 'CHOLERA-SEROTYPE', ['O1 OGAWA', 'O1 INABA', 'O1 HIKOJIMA', 'O139', 'NON-O1/NON-O139'], {
    section: MICRO,
    sampleTypes: [STO, RSW],
    methods: [AGGL],
    tatHours: 96,
    positive: ['O1 OGAWA', 'O1 INABA', 'O1 HIKOJIMA', 'O139'],
  }),

  // Measles and Rubella
  measlesRubella.coded('Measles IgM ELISA', 'MEASLES-IGM', IGM, { positive: POSITIVE, section: SERO, sampleTypes: [SER, DBS], methods: [ELISA], tatHours: 72 }),
  measlesRubella.coded('Rubella IgM ELISA', 'RUBELLA-IGM', IGM, { positive: POSITIVE, section: SERO, sampleTypes: [SER, DBS], methods: [ELISA], tatHours: 72 }),

  // Anthrax
  anthrax.coded('Bacillus anthracis PCR', 'ANTHRAX-PCR', PCR_QUAL, { positive: DETECTED, ...REFERENCE_PCR, sampleTypes: [LSW, WB], tatHours: 24 }),
  anthrax.culture('Bacillus anthracis M/C/S', 'ANTHRAX-MCS', ['B. ANTHRACIS ISOLATED', 'B. ANTHRACIS NOT ISOLATED', 'CONTAMINATED'], {
    sampleTypes: [LSW, BCB, WB],
    positive: ['B. ANTHRACIS ISOLATED'],
  }),

  // Yellow fever
  yellowFever.coded('Yellow fever IgM ELISA', 'YF-IGM', IGM, { positive: POSITIVE, section: SERO, sampleTypes: [SER], methods: [ELISA], tatHours: 72 }),
  yellowFever.panel('Yellow fever virus RT-PCR', PH.YF_PCR, YF_PCR),
  yellowFever.coded('Yellow fever virus RT-PCR - result', PH.YF_RESULT, PCR_QUAL, { ...member(PH.YF_PCR, YF_PCR), positive: DETECTED }),
  yellowFever.numeric('Yellow fever virus RT-PCR - Ct', PH.YF_CT, { ...member(PH.YF_PCR, YF_PCR), ...CT }),

  // Influenza
  influenza.coded(
    'Influenza A/B RT-PCR',
    'FLU-PCR',
    ['INFLUENZA A DETECTED', 'INFLUENZA B DETECTED', 'INFLUENZA A AND B DETECTED', 'NOT DETECTED', 'INVALID'],
    { ...REFERENCE_PCR, sampleTypes: [NPS, OPS], positive: ['INFLUENZA A DETECTED', 'INFLUENZA B DETECTED', 'INFLUENZA A AND B DETECTED'] },
  ),

  // Diphtheria
  diphtheria.culture(
    'Diphtheria culture M/C/S (C. diphtheriae)',
    'DIPHTHERIA-MCS',
    ['C. DIPHTHERIAE ISOLATED', 'C. DIPHTHERIAE NOT ISOLATED', 'CONTAMINATED'],
    { sampleTypes: [OPS, NPS], positive: ['C. DIPHTHERIAE ISOLATED'] },
  ),
  diphtheria.coded('Diphtheria toxin gene (tox) PCR', 'DIPHTHERIA-TOX', ['TOX GENE DETECTED', 'TOX GENE NOT DETECTED', 'INVALID'], {
    ...REFERENCE_PCR,
    sampleTypes: [OPS, NPS],
    positive: ['TOX GENE DETECTED'],
  }),

  // Public
  publicHealth.coded('Hepatitis B surface antigen (HBsAg) screening', 'PUB-HBSAG', RDT_AB, {
    positive: ['REACTIVE'],
    ...RAPID,
    methods: [RDT, ELISA],
    tatHours: 24,
    loinc: '5196-1',
  }),
  publicHealth.coded('Hepatitis C virus antibody screening', 'PUB-HCV', RDT_AB, {
    positive: ['REACTIVE'],
    ...RAPID,
    methods: [RDT, ELISA],
    tatHours: 24,
    loinc: '16128-1',
  }),
  publicHealth.culture('Typhoid blood culture M/C/S', 'PUB-TYPHOID-MCS', ['S. TYPHI ISOLATED', 'OTHER GROWTH', 'NO GROWTH AFTER 5 DAYS', 'CONTAMINATED'], {
    loinc: '600-7',
    sampleTypes: [BCB],
    tatHours: 120,
    positive: ['S. TYPHI ISOLATED'],
  }),
];
