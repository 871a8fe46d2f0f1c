import {
  ABOVE,
  BELOW,
  EID_PCR,
  EID_RESULT_CODES,
  IGM_RESULTS,
  PCR_RESULTS,
  PH_CODES as PH,
  TARGET_NOT_DETECTED,
  TB_CODES as TB,
  tbResultCodes,
  VL_CODES,
} from '@nlims/contracts';

/**
 * The seeded test catalogue. Names of programmes, sections, sample types,
 * methods and instruments refer to the seeded reference lists
 * (seed/reference-lists.ts); LOINC codes where one exists.
 */
export interface CatalogueTest {
  program: string;
  name: string;
  code: string;
  loinc?: string;
  section: string;
  result: 'numeric' | 'coded';
  unit?: string;
  decimals?: number;
  reporting?: [low: number, high: number];
  ref?: [low: number, high: number];
  critical?: [low: number | null, high: number | null];
  codes?: string[];
  culture?: boolean;
  /** Code of the panel this test belongs to. */
  panel?: string;
  isPanel?: boolean;
  tatHours?: number;
  sampleTypes: string[];
  methods?: string[];
  instruments?: string[];
}

type Range = [low: number, high: number];
type Critical = [low: number | null, high: number | null];
/** Everything of a test but its programme, name, code, result type and codes. */
type Setup = Omit<CatalogueTest, 'program' | 'name' | 'code' | 'result' | 'codes'>;

// Sections
const HAEM = 'Haematology';
const CHEM = 'Clinical Chemistry';
const MICRO = 'Microbiology';
const SERO = 'Serology and Immunology';
const PARA = 'Parasitology';
const MOLE = 'Molecular Biology';
const MYCO = 'Mycobacteriology';
const URIN = 'Urinalysis';
const BTS = 'Blood Transfusion Science';

// Sample types
const WB = 'Whole blood (EDTA)';
const SER = 'Serum';
const PLA = 'Plasma';
const DBS = 'Dried blood spot';
const SPU = 'Sputum';
const URI = 'Urine';
const STO = 'Stool';
const CSF = 'Cerebrospinal fluid';
const NPS = 'Nasopharyngeal swab';
const OPS = 'Oropharyngeal swab';
const WSW = 'Wound swab';
const HVS = 'High vaginal swab';
const BCB = 'Blood culture bottle';
const CAP = 'Capillary blood';
const CIT = 'Citrated plasma';
const LSW = 'Lesion swab';
const GA = 'Gastric aspirate';
const LNA = 'Lymph node aspirate';
const RSW = 'Rectal swab';
const CRU = 'Lesion crust';

// Methods
const AUTO_HAEM = 'Automated haematology analysis';
const SPEC = 'Spectrophotometry';
const ISE = 'Ion-selective electrode';
const MICROSCOPY = 'Light microscopy';
const ZN = 'Ziehl-Neelsen staining';
const LED_FM = 'Fluorescence microscopy (LED)';
const CULTURE = 'Culture and sensitivity';
const KB = 'Disk diffusion (Kirby-Bauer)';
const PCR = 'Real-time PCR';
const XPERT = 'Cartridge-based NAAT (GeneXpert)';
const LPA = 'Line probe assay';
const RDT = 'Lateral flow immunoassay (RDT)';
const ELISA = 'ELISA';
const DIPSTICK = 'Dipstick';
const GOD = 'Glucose oxidase';
const GRAM = 'Gram staining';
const LATEX = 'Latex agglutination';
const AGGL = 'Agglutination (slide/tube)';
const ITURB = 'Immunoturbidimetry';
const CLIA = 'Chemiluminescence immunoassay';
const WESTERGREN = 'Westergren';
const COAG = 'Clot-based coagulation assay';
const HB_ELECTRO = 'Haemoglobin electrophoresis';
const FLOW = 'Flow cytometry';
const LAMP = 'Loop-mediated isothermal amplification (LAMP)';
const MGIT = 'Liquid culture (MGIT)';
const LJ = 'Solid culture (Löwenstein–Jensen)';
const PDST = 'Phenotypic drug susceptibility testing';
const CALC = 'Calculated';

// Instruments
const GENEXPERT = 'GeneXpert IV';
const SYSMEX = 'Sysmex XN-1000';
const MINDRAY = 'Mindray BC-5150';
const COBAS_C311 = 'Cobas c 311';
const COBAS_E411 = 'Cobas e 411';
const ABBOTT_M2000 = 'Abbott m2000sp/rt';
const COBAS_4800 = 'Roche Cobas 4800';
const MGIT_960 = 'BACTEC MGIT 960';
const MICROSCOPE = 'Olympus CX23 microscope';
const URIT = 'Urine analyser Urit-500B';
const FACSPRESTO = 'BD FACSPresto';
const GT_BLOT = 'GT-Blot 48';
const ABI_7500 = 'Applied Biosystems 7500';

// Result codes shared by several tests
const RDT_AB = ['REACTIVE', 'NON-REACTIVE', 'INVALID'];
const RDT_AG = ['POSITIVE', 'NEGATIVE', 'INVALID'];
const PCR_QUAL = [...PCR_RESULTS];
/** IgM capture ELISA (the public-health serology: measles, rubella, yellow fever). */
const IGM = [...IGM_RESULTS];
const DIP_GRADED = ['NEGATIVE', 'TRACE', '1+', '2+', '3+', '4+'];
const DIP_SHORT = ['NEGATIVE', 'TRACE', '1+', '2+', '3+'];
const GROWTH = ['GROWTH', 'NO GROWTH AFTER 48 HOURS', 'MIXED GROWTH', 'CONTAMINATED'];
const WIDAL_TITRES = ['<1:20', '1:20', '1:40', '1:80', '1:160', '1:320', '1:640'];

/** Microscopy, culture and sensitivity. */
const MCS_METHODS = [MICROSCOPY, GRAM, CULTURE, KB];

/** Unit, decimals, reporting range, adult reference range and critical limits of a numeric test. */
function measure(unit: string | null, decimals: number, reporting: Range, ref?: Range, critical?: Critical) {
  return { ...(unit ? { unit } : {}), decimals, reporting, ...(ref ? { ref } : {}), ...(critical ? { critical } : {}) };
}

/** Builders for the tests of one programme. */
function programme(program: string) {
  return {
    numeric: (name: string, code: string, setup: Setup): CatalogueTest => ({ program, name, code, result: 'numeric', ...setup }),
    /** A numeric test that also takes censored values: its codes list the forms ("<", ">", "TARGET NOT DETECTED"; contracts censored.ts). */
    censored: (name: string, code: string, forms: string[], setup: Setup): CatalogueTest => ({
      program,
      name,
      code,
      result: 'numeric',
      codes: forms,
      ...setup,
    }),
    coded: (name: string, code: string, codes: string[], setup: Setup): CatalogueTest => ({ program, name, code, result: 'coded', codes, ...setup }),
    panel: (name: string, code: string, setup: Omit<Setup, 'panel' | 'isPanel'>): CatalogueTest => ({
      program,
      name,
      code,
      result: 'coded',
      codes: [],
      isPanel: true,
      ...setup,
    }),
    /** A microscopy, culture and sensitivity test: takes organisms and an antibiogram; its name says M/C/S. */
    culture: (name: string, code: string, codes: string[], setup: Partial<Setup> & Pick<Setup, 'sampleTypes'>): CatalogueTest => ({
      program,
      name,
      code,
      result: 'coded',
      codes,
      culture: true,
      section: MICRO,
      methods: MCS_METHODS,
      tatHours: 72,
      ...setup,
    }),
  };
}

const general = programme('General');
const tb = programme('Tuberculosis');
const eid = programme('EID');
const vl = programme('Viral Load');
const covid = programme('COVID-19');
const lassa = programme('Lassa Fever');
const mpox = programme('Monkey Pox');
const csm = programme('CSM');
const cholera = programme('Cholera');
const measlesRubella = programme('Measles and Rubella');
const anthrax = programme('Anthrax');
const yellowFever = programme('Yellow fever');
const influenza = programme('Influenza');
const diphtheria = programme('Diphtheria');
const publicHealth = programme('Public');

// Shared set-ups of panel members
const FBC: Setup = { section: HAEM, panel: 'FBC', sampleTypes: [WB], methods: [AUTO_HAEM], instruments: [SYSMEX, MINDRAY], tatHours: 4 };
const LFT: Setup = { section: CHEM, panel: 'LFT', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 6 };
const EUCR: Setup = { section: CHEM, panel: 'EUCR', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 4 };
const ELECTROLYTE: Setup = { ...EUCR, methods: [ISE] };
const LIPID: Setup = { section: CHEM, panel: 'LIPID', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 24 };
const UA: Setup = { section: URIN, panel: 'UA', sampleTypes: [URI], methods: [DIPSTICK], instruments: [URIT], tatHours: 2 };
const CHEMISTRY: Setup = { section: CHEM, sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 24 };
const IMMUNOASSAY: Setup = { section: CHEM, sampleTypes: [SER, PLA], methods: [CLIA], instruments: [COBAS_E411], tatHours: 24 };
const COAGULATION: Setup = { section: HAEM, sampleTypes: [CIT], methods: [COAG], tatHours: 4 };
const RAPID: Setup = { section: SERO, sampleTypes: [SER, PLA, WB], methods: [RDT], tatHours: 1 };
const HIV_RT: Setup = { section: SERO, panel: 'HIV-RT', sampleTypes: [WB, CAP, SER, PLA], methods: [RDT], tatHours: 1 };
const WIDAL: Setup = { section: SERO, panel: 'WIDAL', sampleTypes: [SER], methods: [AGGL], tatHours: 4 };
// TB (members take their panel's set-up; vocabularies come from contracts, programmes/tb.ts)
const ZN_SMEAR: Setup = { section: MYCO, sampleTypes: [SPU, LNA], methods: [ZN, MICROSCOPY], instruments: [MICROSCOPE], tatHours: 24 };
const LED_SMEAR: Setup = { section: MYCO, sampleTypes: [SPU], methods: [LED_FM], tatHours: 24 };
const GENEXPERT_MTB: Setup = { section: MOLE, sampleTypes: [SPU, GA, CSF, STO, LNA], methods: [XPERT], instruments: [GENEXPERT], tatHours: 24 };
const LINE_PROBE: Setup = { section: MYCO, sampleTypes: [SPU], methods: [LPA], instruments: [GT_BLOT], tatHours: 72 };
const MGIT_CULTURE: Setup = { section: MYCO, sampleTypes: [SPU, GA, CSF, LNA], methods: [MGIT], instruments: [MGIT_960], tatHours: 1008 };
const LJ_CULTURE: Setup = { section: MYCO, sampleTypes: [SPU, GA, CSF, LNA], methods: [LJ], tatHours: 1344 };
const TB_DST: Setup = { section: MYCO, sampleTypes: [SPU], methods: [PDST], instruments: [MGIT_960], tatHours: 336 };
const member = (panel: string, setup: Setup): Setup => ({ ...setup, panel });
const HIV_VL: Setup = {
  section: MOLE,
  panel: VL_CODES.PANEL,
  sampleTypes: [PLA, DBS, WB],
  methods: [PCR, XPERT],
  instruments: [ABBOTT_M2000, COBAS_4800, GENEXPERT],
  tatHours: 168,
};
const REFERENCE_PCR: Setup = { section: MOLE, sampleTypes: [], methods: [PCR], instruments: [ABI_7500], tatHours: 48 };

// Public-health RT-PCR panels (members take their panel's set-up; a Ct value per target)
const COVID_PCR: Setup = { ...REFERENCE_PCR, sampleTypes: [NPS, OPS], methods: [PCR, XPERT], instruments: [ABI_7500, GENEXPERT], tatHours: 24 };
const LASSA_PCR: Setup = { ...REFERENCE_PCR, sampleTypes: [WB, SER, PLA], tatHours: 24 };
const MPXV_PCR: Setup = { ...REFERENCE_PCR, sampleTypes: [LSW, CRU, OPS] };
const YF_PCR: Setup = { ...REFERENCE_PCR, sampleTypes: [SER, PLA] };
const CT = measure('Ct', 2, [5, 45]);

export const CATALOGUE: CatalogueTest[] = [
  // General: full blood count
  general.panel('Full blood count', 'FBC', { section: HAEM, sampleTypes: [WB], methods: [AUTO_HAEM], instruments: [SYSMEX, MINDRAY], tatHours: 4 }),
  general.numeric('Haemoglobin (Hb)', 'FBC-HB', { ...FBC, loinc: '718-7', ...measure('g/dL', 1, [1, 25], [11.5, 16.5], [7, 20]) }),
  general.numeric('Packed cell volume (PCV/HCT)', 'FBC-PCV', { ...FBC, loinc: '4544-3', ...measure('%', 1, [5, 80], [36, 50], [20, 60]) }),
  general.numeric('Red blood cell count', 'FBC-RBC', { ...FBC, loinc: '789-8', ...measure('×10¹²/L', 2, [0.5, 10], [3.8, 5.8]) }),
  general.numeric('White blood cell count', 'FBC-WBC', { ...FBC, loinc: '6690-2', ...measure('×10⁹/L', 1, [0.1, 400], [4, 11], [2, 30]) }),
  general.numeric('Platelet count', 'FBC-PLT', { ...FBC, loinc: '777-3', ...measure('×10⁹/L', 0, [1, 2000], [150, 400], [20, 1000]) }),
  general.numeric('Mean cell volume (MCV)', 'FBC-MCV', { ...FBC, loinc: '787-2', ...measure('fL', 1, [40, 150], [80, 100]) }),
  general.numeric('Mean cell haemoglobin (MCH)', 'FBC-MCH', { ...FBC, loinc: '785-6', ...measure('pg', 1, [10, 50], [27, 32]) }),
  general.numeric('Mean cell haemoglobin concentration (MCHC)', 'FBC-MCHC', { ...FBC, loinc: '786-4', ...measure('g/dL', 1, [20, 45], [32, 36]) }),
  general.numeric('Neutrophils %', 'FBC-NEUT', { ...FBC, loinc: '770-8', ...measure('%', 1, [0, 100], [40, 75]) }),
  general.numeric('Lymphocytes %', 'FBC-LYMPH', { ...FBC, loinc: '736-9', ...measure('%', 1, [0, 100], [20, 45]) }),

  // General: other haematology, coagulation and blood transfusion
  general.numeric('Erythrocyte sedimentation rate (ESR)', 'ESR', {
    section: HAEM,
    sampleTypes: [WB],
    methods: [WESTERGREN],
    tatHours: 2,
    loinc: '4537-7',
    ...measure('mm/hr', 0, [0, 150], [0, 20]),
  }),
  general.panel('Prothrombin time / INR', 'PT-INR', COAGULATION),
  general.numeric('Prothrombin time (PT)', 'PT', { ...COAGULATION, panel: 'PT-INR', loinc: '5902-2', ...measure('s', 1, [5, 120], [11, 13.5]) }),
  general.numeric('International normalised ratio (INR)', 'INR', {
    ...COAGULATION,
    panel: 'PT-INR',
    methods: [COAG, CALC],
    loinc: '6301-6',
    ...measure(null, 2, [0.5, 12], [0.8, 1.2], [null, 5]),
  }),
  general.numeric('Activated partial thromboplastin time (APTT)', 'APTT', {
    ...COAGULATION,
    loinc: '3173-2',
    ...measure('s', 1, [10, 180], [25, 35], [null, 100]),
  }),
  general.coded('Blood group (ABO and RhD)', 'BLOOD-GROUP', ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'], {
    section: BTS,
    loinc: '882-1',
    sampleTypes: [WB],
    methods: [AGGL],
    tatHours: 1,
  }),
  general.coded('Haemoglobin genotype', 'HB-GENOTYPE', ['AA', 'AS', 'AC', 'SS', 'SC', 'CC'], {
    section: HAEM,
    sampleTypes: [WB],
    methods: [HB_ELECTRO],
    tatHours: 48,
  }),
  general.numeric('CD4 count', 'CD4', {
    section: SERO,
    loinc: '24467-3',
    sampleTypes: [WB],
    methods: [FLOW],
    instruments: [FACSPRESTO],
    tatHours: 24,
    ...measure('cells/µL', 0, [0, 5000], [500, 1500], [200, null]),
  }),

  // General: liver function
  general.panel('Liver function test', 'LFT', { section: CHEM, sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 6 }),
  general.numeric('Alanine aminotransferase (ALT)', 'LFT-ALT', { ...LFT, loinc: '1742-6', ...measure('U/L', 0, [5, 7000], [0, 41], [null, 1000]) }),
  general.numeric('Aspartate aminotransferase (AST)', 'LFT-AST', { ...LFT, loinc: '1920-8', ...measure('U/L', 0, [5, 7000], [0, 40], [null, 1000]) }),
  general.numeric('Alkaline phosphatase (ALP)', 'LFT-ALP', { ...LFT, loinc: '6768-6', ...measure('U/L', 0, [5, 1200], [40, 129]) }),
  general.numeric('Total bilirubin', 'LFT-TBIL', { ...LFT, loinc: '14631-6', ...measure('µmol/L', 0, [2.5, 650], [0, 21]) }),
  general.numeric('Direct (conjugated) bilirubin', 'LFT-DBIL', { ...LFT, loinc: '14629-0', ...measure('µmol/L', 1, [1.5, 250], [0, 5]) }),
  general.numeric('Albumin', 'LFT-ALB', { ...LFT, loinc: '1751-7', ...measure('g/L', 0, [2, 60], [35, 52]) }),
  general.numeric('Total protein', 'LFT-TP', { ...LFT, loinc: '2885-2', ...measure('g/L', 0, [2, 120], [60, 83]) }),

  // General: kidney function (E/U/Cr)
  general.panel('Electrolytes, urea and creatinine (E/U/Cr)', 'EUCR', {
    section: CHEM,
    sampleTypes: [SER, PLA],
    methods: [SPEC, ISE],
    instruments: [COBAS_C311],
    tatHours: 4,
  }),
  general.numeric('Urea', 'EUCR-UREA', { ...EUCR, loinc: '22664-7', ...measure('mmol/L', 1, [0.5, 40], [2.5, 7.8], [null, 30]) }),
  general.numeric('Creatinine', 'EUCR-CREAT', { ...EUCR, loinc: '14682-9', ...measure('µmol/L', 0, [5, 2200], [53, 115], [null, 500]) }),
  general.numeric('Sodium', 'EUCR-NA', { ...ELECTROLYTE, loinc: '2951-2', ...measure('mmol/L', 0, [80, 200], [135, 145], [120, 160]) }),
  general.numeric('Potassium', 'EUCR-K', { ...ELECTROLYTE, loinc: '2823-3', ...measure('mmol/L', 1, [1.5, 10], [3.5, 5.1], [2.8, 6.2]) }),
  general.numeric('Chloride', 'EUCR-CL', { ...ELECTROLYTE, loinc: '2075-0', ...measure('mmol/L', 0, [60, 140], [98, 107], [80, 120]) }),
  general.numeric('Bicarbonate', 'EUCR-HCO3', { ...EUCR, loinc: '1963-8', ...measure('mmol/L', 0, [3, 50], [22, 29], [10, 40]) }),

  // General: lipid profile
  general.panel('Lipid profile', 'LIPID', { section: CHEM, sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 24 }),
  general.numeric('Total cholesterol', 'LIPID-TC', { ...LIPID, loinc: '14647-2', ...measure('mmol/L', 2, [0.1, 20.7], [0, 5.2]) }),
  general.numeric('HDL cholesterol', 'LIPID-HDL', { ...LIPID, loinc: '14646-4', ...measure('mmol/L', 2, [0.08, 3.12], [1, 3]) }),
  general.numeric('LDL cholesterol', 'LIPID-LDL', { ...LIPID, methods: [CALC, SPEC], loinc: '22748-8', ...measure('mmol/L', 2, [0.1, 14], [0, 3.4]) }),
  general.numeric('Triglycerides', 'LIPID-TG', { ...LIPID, loinc: '14927-8', ...measure('mmol/L', 2, [0.1, 50], [0, 1.7], [null, 11.3]) }),

  // General: other clinical chemistry
  general.numeric('Fasting blood glucose', 'FBG', {
    ...CHEMISTRY,
    methods: [GOD, SPEC],
    tatHours: 2,
    loinc: '14771-0',
    ...measure('mmol/L', 1, [0.6, 40], [3.9, 5.6], [2.2, 25]),
  }),
  general.numeric('Random blood glucose', 'RBG', {
    ...CHEMISTRY,
    methods: [GOD, SPEC],
    tatHours: 2,
    loinc: '14749-6',
    ...measure('mmol/L', 1, [0.6, 40], [3.9, 7.8], [2.2, 25]),
  }),
  general.numeric('Glycated haemoglobin (HbA1c)', 'HBA1C', {
    ...CHEMISTRY,
    sampleTypes: [WB],
    methods: [ITURB],
    loinc: '4548-4',
    ...measure('%', 1, [4, 18], [4, 5.6]),
  }),
  general.numeric('Uric acid', 'URIC-ACID', { ...CHEMISTRY, loinc: '14933-6', ...measure('µmol/L', 0, [12, 1500], [150, 420]) }),
  general.numeric('Calcium (total)', 'CALCIUM', { ...CHEMISTRY, loinc: '2000-8', ...measure('mmol/L', 2, [0.2, 5], [2.15, 2.55], [1.8, 3.5]) }),
  general.numeric('Magnesium', 'MAGNESIUM', { ...CHEMISTRY, loinc: '2601-3', ...measure('mmol/L', 2, [0.1, 3.5], [0.66, 1.07], [0.4, 3]) }),
  general.numeric('Inorganic phosphate', 'PHOSPHATE', { ...CHEMISTRY, loinc: '14879-1', ...measure('mmol/L', 2, [0.1, 6.5], [0.81, 1.45], [0.3, null]) }),
  general.numeric('Serum amylase', 'AMYLASE', { ...CHEMISTRY, sampleTypes: [SER], tatHours: 6, loinc: '1798-8', ...measure('U/L', 0, [3, 1500], [28, 100]) }),
  general.numeric('C-reactive protein (CRP)', 'CRP', {
    ...CHEMISTRY,
    methods: [ITURB],
    tatHours: 6,
    loinc: '1988-5',
    ...measure('mg/L', 1, [0.3, 350], [0, 5]),
  }),
  general.numeric('Prostate-specific antigen (total PSA)', 'PSA', { ...IMMUNOASSAY, loinc: '2857-1', ...measure('ng/mL', 2, [0.01, 100], [0, 4]) }),
  general.numeric('Thyroid-stimulating hormone (TSH)', 'TSH', { ...IMMUNOASSAY, loinc: '3016-3', ...measure('mIU/L', 2, [0.01, 100], [0.27, 4.2]) }),
  general.numeric('Free thyroxine (FT4)', 'FT4', { ...IMMUNOASSAY, loinc: '14920-3', ...measure('pmol/L', 1, [0.5, 100], [12, 22]) }),

  // General: urinalysis (dipstick)
  general.panel('Urinalysis', 'UA', { section: URIN, sampleTypes: [URI], methods: [DIPSTICK], instruments: [URIT], tatHours: 2 }),
  general.coded('Urine protein', 'UA-PRO', DIP_GRADED, { ...UA, loinc: '20454-5' }),
  general.coded('Urine glucose', 'UA-GLU', DIP_GRADED, { ...UA, loinc: '25428-4' }),
  general.coded('Urine blood', 'UA-BLD', DIP_SHORT, { ...UA, loinc: '5794-3' }),
  general.coded('Urine ketones', 'UA-KET', DIP_SHORT, { ...UA, loinc: '2514-8' }),
  general.coded('Urine leukocytes', 'UA-LEU', DIP_SHORT, { ...UA, loinc: '5799-2' }),
  general.coded('Urine nitrite', 'UA-NIT', ['NEGATIVE', 'POSITIVE'], { ...UA, loinc: '5802-4' }),
  general.numeric('Urine pH', 'UA-PH', { ...UA, loinc: '5803-2', ...measure(null, 1, [4.5, 9], [5, 8]) }),
  general.numeric('Urine specific gravity', 'UA-SG', { ...UA, loinc: '5811-5', ...measure(null, 3, [1, 1.035], [1.005, 1.03]) }),

  // General: parasitology
  general.coded('Malaria rapid diagnostic test (mRDT)', 'MAL-RDT', RDT_AG, { section: PARA, sampleTypes: [CAP, WB], methods: [RDT], tatHours: 1 }),
  general.coded(
    'Malaria parasite microscopy',
    'MP-MICRO',
    ['NO MALARIA PARASITES SEEN', 'P. FALCIPARUM SEEN', 'P. MALARIAE SEEN', 'P. OVALE SEEN', 'P. VIVAX SEEN', 'MIXED SPECIES SEEN'],
    { section: PARA, loinc: '32700-7', sampleTypes: [WB, CAP], methods: [MICROSCOPY], instruments: [MICROSCOPE], tatHours: 2 },
  ),
  general.numeric('Malaria parasite density', 'MP-DENSITY', {
    section: PARA,
    sampleTypes: [WB, CAP],
    methods: [MICROSCOPY],
    instruments: [MICROSCOPE],
    tatHours: 2,
    ...measure('parasites/µL', 0, [0, 2000000], undefined, [null, 250000]),
  }),
  general.coded(
    'Stool microscopy (ova, cysts and parasites)',
    'STOOL-OCP',
    [
      'NO OVA, CYSTS OR PARASITES SEEN',
      'ASCARIS LUMBRICOIDES OVA SEEN',
      'HOOKWORM OVA SEEN',
      'TRICHURIS TRICHIURA OVA SEEN',
      'SCHISTOSOMA MANSONI OVA SEEN',
      'STRONGYLOIDES STERCORALIS LARVAE SEEN',
      'ENTAMOEBA HISTOLYTICA CYSTS/TROPHOZOITES SEEN',
      'GIARDIA LAMBLIA CYSTS/TROPHOZOITES SEEN',
      'OTHER PARASITES SEEN (SEE COMMENT)',
    ],
    { section: PARA, sampleTypes: [STO], methods: [MICROSCOPY], instruments: [MICROSCOPE], tatHours: 4 },
  ),

  // General: serology and rapid tests
  general.panel('HIV rapid test (national serial algorithm)', 'HIV-RT', { section: SERO, sampleTypes: [WB, CAP, SER, PLA], methods: [RDT], tatHours: 1 }),
  general.coded('HIV-1/2 antibody - test 1 (screening)', 'HIV-RT1', RDT_AB, HIV_RT),
  general.coded('HIV-1/2 antibody - test 2 (confirmatory)', 'HIV-RT2', RDT_AB, HIV_RT),
  general.coded('HIV-1/2 antibody - test 3 (tie-breaker)', 'HIV-RT3', RDT_AB, HIV_RT),
  general.coded('Hepatitis B surface antigen (HBsAg) rapid test', 'HBSAG-RDT', RDT_AB, { ...RAPID, loinc: '5196-1' }),
  general.coded('Hepatitis C virus antibody (anti-HCV) rapid test', 'HCV-RDT', RDT_AB, { ...RAPID, loinc: '16128-1' }),
  general.coded('Syphilis (Treponema pallidum antibody) rapid test', 'SYPHILIS-RDT', RDT_AB, RAPID),
  general.coded('Pregnancy test (urine hCG)', 'HCG-URINE', RDT_AG, { section: SERO, loinc: '2106-3', sampleTypes: [URI, SER], methods: [RDT], tatHours: 1 }),
  general.coded('Helicobacter pylori stool antigen', 'HPYLORI-AG', RDT_AG, { section: SERO, sampleTypes: [STO], methods: [RDT], tatHours: 1 }),
  general.panel('Widal test', 'WIDAL', { section: SERO, sampleTypes: [SER], methods: [AGGL], tatHours: 4 }),
  general.coded('Widal - S. Typhi O antigen (TO)', 'WIDAL-TO', WIDAL_TITRES, WIDAL),
  general.coded('Widal - S. Typhi H antigen (TH)', 'WIDAL-TH', WIDAL_TITRES, WIDAL),

  // General: microscopy, culture and sensitivity
  general.culture('Urine M/C/S', 'URINE-MCS', ['SIGNIFICANT GROWTH', 'NO SIGNIFICANT GROWTH', 'NO GROWTH AFTER 48 HOURS', 'MIXED GROWTH', 'CONTAMINATED'], {
    loinc: '630-4',
    sampleTypes: [URI],
  }),
  general.culture('Blood culture M/C/S', 'BLOOD-MCS', ['GROWTH', 'NO GROWTH AFTER 5 DAYS', 'CONTAMINATED'], {
    loinc: '600-7',
    sampleTypes: [BCB],
    tatHours: 120,
  }),
  general.culture('Wound swab M/C/S', 'WOUND-MCS', GROWTH, { sampleTypes: [WSW] }),
  general.culture('HVS M/C/S', 'HVS-MCS', ['GROWTH', 'NORMAL VAGINAL FLORA', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { sampleTypes: [HVS] }),
  general.culture('Stool M/C/S', 'STOOL-MCS', ['ENTERIC PATHOGEN ISOLATED', 'NO ENTERIC PATHOGEN ISOLATED', 'CONTAMINATED'], {
    loinc: '625-4',
    sampleTypes: [STO],
  }),
  general.culture('CSF M/C/S', 'CSF-MCS', ['GROWTH', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { loinc: '606-4', sampleTypes: [CSF] }),
  general.culture('Sputum M/C/S', 'SPUTUM-MCS', ['GROWTH', 'NORMAL RESPIRATORY FLORA', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { sampleTypes: [SPU] }),
  general.culture('Throat swab M/C/S', 'THROAT-MCS', ['GROWTH', 'NORMAL THROAT FLORA', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { sampleTypes: [OPS] }),

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
  tb.coded('AFB smear (ZN) - grade', TB.ZN_GRADE, tbResultCodes(TB.ZN_GRADE), { ...member(TB.ZN, ZN_SMEAR), loinc: '11545-1' }),
  tb.numeric('AFB smear (ZN) - scanty count', TB.ZN_COUNT, { ...member(TB.ZN, ZN_SMEAR), ...measure('AFB/100 fields', 0, [1, 9]) }),
  tb.panel('AFB smear microscopy (LED fluorescence)', TB.LED, LED_SMEAR),
  tb.coded('AFB smear (LED) - grade', TB.LED_GRADE, tbResultCodes(TB.LED_GRADE), member(TB.LED, LED_SMEAR)),
  tb.numeric('AFB smear (LED) - scanty count', TB.LED_COUNT, { ...member(TB.LED, LED_SMEAR), ...measure('AFB/length', 0, [1, 49]) }),

  // Xpert MTB/RIF and Ultra: MTB detection (semi-quantitative) and, when MTB
  // is detected, rifampicin resistance; an Ultra trace is always RIF
  // indeterminate. A run's error code goes in the result comment. No LOINC:
  // 38379-4 is rifampicin resistance by NAA, not detection.
  tb.panel('Xpert MTB/RIF', TB.XPERT, GENEXPERT_MTB),
  tb.coded('Xpert MTB/RIF - MTB detection', TB.XPERT_MTB, tbResultCodes(TB.XPERT_MTB), member(TB.XPERT, GENEXPERT_MTB)),
  tb.coded('Xpert MTB/RIF - RIF resistance', TB.XPERT_RIF, tbResultCodes(TB.XPERT_RIF), member(TB.XPERT, GENEXPERT_MTB)),
  tb.panel('Xpert MTB/RIF Ultra', TB.ULTRA, GENEXPERT_MTB),
  tb.coded('Xpert MTB/RIF Ultra - MTB detection', TB.ULTRA_MTB, tbResultCodes(TB.ULTRA_MTB), member(TB.ULTRA, GENEXPERT_MTB)),
  tb.coded('Xpert MTB/RIF Ultra - RIF resistance', TB.ULTRA_RIF, tbResultCodes(TB.ULTRA_RIF), member(TB.ULTRA, GENEXPERT_MTB)),
  tb.coded('TB-LAMP', TB.LAMP, tbResultCodes(TB.LAMP), { section: MOLE, sampleTypes: [SPU], methods: [LAMP], tatHours: 24 }),
  tb.coded('TB LAM (urine LF-LAM)', TB.LAM, tbResultCodes(TB.LAM), { section: MYCO, sampleTypes: [URI], methods: [RDT], tatHours: 1 }),

  // Line probe assays: MTBC detection, then one member per drug (or class).
  tb.panel('LPA first line (MTBDRplus)', TB.LPA1, LINE_PROBE),
  tb.coded('LPA first line - MTB complex', TB.LPA1_MTBC, tbResultCodes(TB.LPA1_MTBC), member(TB.LPA1, LINE_PROBE)),
  tb.coded('LPA first line - rifampicin (rpoB)', TB.LPA1_RIF, tbResultCodes(TB.LPA1_RIF), member(TB.LPA1, LINE_PROBE)),
  tb.coded('LPA first line - isoniazid high-level (katG)', TB.LPA1_INH_KATG, tbResultCodes(TB.LPA1_INH_KATG), member(TB.LPA1, LINE_PROBE)),
  tb.coded('LPA first line - isoniazid low-level (inhA)', TB.LPA1_INH_INHA, tbResultCodes(TB.LPA1_INH_INHA), member(TB.LPA1, LINE_PROBE)),
  tb.panel('LPA second line (MTBDRsl)', TB.LPA2, LINE_PROBE),
  tb.coded('LPA second line - MTB complex', TB.LPA2_MTBC, tbResultCodes(TB.LPA2_MTBC), member(TB.LPA2, LINE_PROBE)),
  tb.coded('LPA second line - fluoroquinolones (gyrA/gyrB)', TB.LPA2_FQ, tbResultCodes(TB.LPA2_FQ), member(TB.LPA2, LINE_PROBE)),
  tb.coded('LPA second line - second-line injectables (rrs/eis)', TB.LPA2_SLI, tbResultCodes(TB.LPA2_SLI), member(TB.LPA2, LINE_PROBE)),

  // Culture: the result and, when something grew, the days to positivity
  // (MGIT protocol 42 days; LJ read weekly for 8 weeks).
  tb.panel('TB culture (MGIT liquid)', TB.CULTURE, MGIT_CULTURE),
  tb.coded('TB culture (MGIT) - result', TB.CULTURE_RESULT, tbResultCodes(TB.CULTURE_RESULT), member(TB.CULTURE, MGIT_CULTURE)),
  tb.numeric('TB culture (MGIT) - days to positivity', TB.CULTURE_DAYS, { ...member(TB.CULTURE, MGIT_CULTURE), ...measure('days', 0, [1, 42]) }),
  tb.panel('TB culture (LJ solid)', TB.CULTURE_LJ, LJ_CULTURE),
  tb.coded('TB culture (LJ) - result', TB.CULTURE_LJ_RESULT, tbResultCodes(TB.CULTURE_LJ_RESULT), member(TB.CULTURE_LJ, LJ_CULTURE)),
  tb.numeric('TB culture (LJ) - days to positivity', TB.CULTURE_LJ_DAYS, { ...member(TB.CULTURE_LJ, LJ_CULTURE), ...measure('days', 0, [1, 56]) }),

  // Phenotypic DST, first line: S or R per drug at the critical concentration.
  tb.panel('DST first line (MGIT)', TB.DST1, TB_DST),
  tb.coded('DST first line - rifampicin', TB.DST1_RIF, tbResultCodes(TB.DST1_RIF), member(TB.DST1, TB_DST)),
  tb.coded('DST first line - isoniazid', TB.DST1_INH, tbResultCodes(TB.DST1_INH), member(TB.DST1, TB_DST)),
  tb.coded('DST first line - ethambutol', TB.DST1_EMB, tbResultCodes(TB.DST1_EMB), member(TB.DST1, TB_DST)),
  tb.coded('DST first line - pyrazinamide', TB.DST1_PZA, tbResultCodes(TB.DST1_PZA), member(TB.DST1, TB_DST)),

  // EID (vocabulary from contracts, programmes/eid.ts): a dried blood spot, which a new sample is typed as (the lowest-id type), or capillary blood at the point of care
  eid.coded('HIV-1 DNA PCR', EID_PCR, [...EID_RESULT_CODES], {
    section: MOLE,
    sampleTypes: [DBS, CAP],
    methods: [PCR, XPERT],
    instruments: [ABBOTT_M2000, GENEXPERT],
    tatHours: 168,
  }),

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
    loinc: '29541-1',
    ...measure('log10 copies/mL', 2, [1.3, 7], [0, 3]),
  }),

  // Public-health RT-PCR: a panel of the run's outcome (DETECTED / NOT
  // DETECTED / INCONCLUSIVE / INVALID) and one Ct value per target, recorded
  // when the target could amplify (programmes/ph.ts: not after NOT DETECTED
  // or INVALID). Cut-off: Ct < 40 (most kits), reportable 5–45.
  //
  // COVID-19: Charité/Berlin targets (E, N, RdRp) as most Nigerian kits run them.
  covid.panel('SARS-CoV-2 RT-PCR', PH.COVID_PCR, COVID_PCR),
  covid.coded('SARS-CoV-2 RT-PCR - result', PH.COVID_RESULT, PCR_QUAL, { ...member(PH.COVID_PCR, COVID_PCR), loinc: '94500-6' }),
  covid.numeric('SARS-CoV-2 RT-PCR - E gene Ct', PH.COVID_E_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.numeric('SARS-CoV-2 RT-PCR - N gene Ct', PH.COVID_N_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.numeric('SARS-CoV-2 RT-PCR - RdRp gene Ct', PH.COVID_RDRP_CT, { ...member(PH.COVID_PCR, COVID_PCR), ...CT }),
  covid.coded('SARS-CoV-2 antigen RDT', 'COVID-AG', RDT_AG, { section: SERO, loinc: '94558-4', sampleTypes: [NPS], methods: [RDT], tatHours: 1 }),

  // Lassa Fever: whole blood or serum (plasma too); targets GPC (S segment) and L gene.
  lassa.panel('Lassa virus RT-PCR', PH.LASSA_PCR, LASSA_PCR),
  lassa.coded('Lassa virus RT-PCR - result', PH.LASSA_RESULT, PCR_QUAL, member(PH.LASSA_PCR, LASSA_PCR)),
  lassa.numeric('Lassa virus RT-PCR - GPC (S segment) Ct', PH.LASSA_GPC_CT, { ...member(PH.LASSA_PCR, LASSA_PCR), ...CT }),
  lassa.numeric('Lassa virus RT-PCR - L gene Ct', PH.LASSA_L_CT, { ...member(PH.LASSA_PCR, LASSA_PCR), ...CT }),

  // Monkey Pox: lesion swab or crust; generic MPXV target (G2R).
  mpox.panel('Monkeypox virus (MPXV) PCR', PH.MPXV_PCR, MPXV_PCR),
  mpox.coded('Monkeypox virus (MPXV) PCR - result', PH.MPXV_RESULT, PCR_QUAL, member(PH.MPXV_PCR, MPXV_PCR)),
  mpox.numeric('Monkeypox virus (MPXV) PCR - G2R Ct', PH.MPXV_CT, { ...member(PH.MPXV_PCR, MPXV_PCR), ...CT }),

  // CSM
  csm.coded(
    'CSF Gram stain',
    'CSM-GRAM',
    ['GRAM-NEGATIVE DIPLOCOCCI SEEN', 'GRAM-POSITIVE DIPLOCOCCI SEEN', 'GRAM-NEGATIVE BACILLI SEEN', 'GRAM-POSITIVE COCCI SEEN', 'NO ORGANISMS SEEN'],
    { section: MICRO, loinc: '664-3', sampleTypes: [CSF], methods: [GRAM, MICROSCOPY], instruments: [MICROSCOPE], tatHours: 2 },
  ),
  csm.coded(
    'CSF latex agglutination',
    'CSM-LATEX',
    [
      'N. MENINGITIDIS A',
      'N. MENINGITIDIS C',
      'N. MENINGITIDIS W/Y',
      'N. MENINGITIDIS B / E. COLI K1',
      'S. PNEUMONIAE',
      'H. INFLUENZAE TYPE B',
      'GROUP B STREPTOCOCCUS',
      'NEGATIVE',
    ],
    { section: MICRO, sampleTypes: [CSF], methods: [LATEX], tatHours: 2 },
  ),
  csm.coded(
    'Bacterial meningitis PCR (Nm/Sp/Hi)',
    'CSM-PCR',
    ['N. MENINGITIDIS DETECTED', 'S. PNEUMONIAE DETECTED', 'H. INFLUENZAE DETECTED', 'NOT DETECTED', 'INVALID'],
    { ...REFERENCE_PCR, sampleTypes: [CSF] },
  ),
  csm.coded(
    'N. meningitidis serogrouping PCR',
    'CSM-NM-SEROGROUP',
    ['SEROGROUP A', 'SEROGROUP B', 'SEROGROUP C', 'SEROGROUP W', 'SEROGROUP X', 'SEROGROUP Y', 'NON-GROUPABLE'],
    { ...REFERENCE_PCR, sampleTypes: [CSF] },
  ),
  csm.culture('CSF M/C/S', 'CSM-MCS', ['GROWTH', 'NO GROWTH AFTER 48 HOURS', 'CONTAMINATED'], { loinc: '606-4', sampleTypes: [CSF] }),

  // Cholera
  cholera.coded('Cholera RDT', 'CHOLERA-RDT', ['O1 POSITIVE', 'O139 POSITIVE', 'O1 AND O139 POSITIVE', 'NEGATIVE', 'INVALID'], {
    section: MICRO,
    sampleTypes: [STO, RSW],
    methods: [RDT],
    tatHours: 1,
  }),
  cholera.culture('Stool M/C/S (Vibrio cholerae)', 'CHOLERA-MCS', ['V. CHOLERAE ISOLATED', 'V. CHOLERAE NOT ISOLATED', 'CONTAMINATED'], {
    loinc: '625-4',
    sampleTypes: [STO, RSW],
  }),
  cholera.coded('V. cholerae serotyping', 'CHOLERA-SEROTYPE', ['O1 OGAWA', 'O1 INABA', 'O1 HIKOJIMA', 'O139', 'NON-O1/NON-O139'], {
    section: MICRO,
    sampleTypes: [STO, RSW],
    methods: [AGGL],
    tatHours: 96,
  }),

  // Measles and Rubella
  measlesRubella.coded('Measles IgM ELISA', 'MEASLES-IGM', IGM, { section: SERO, sampleTypes: [SER, DBS], methods: [ELISA], tatHours: 72 }),
  measlesRubella.coded('Rubella IgM ELISA', 'RUBELLA-IGM', IGM, { section: SERO, sampleTypes: [SER, DBS], methods: [ELISA], tatHours: 72 }),

  // Anthrax
  anthrax.coded('Bacillus anthracis PCR', 'ANTHRAX-PCR', PCR_QUAL, { ...REFERENCE_PCR, sampleTypes: [LSW, WB], tatHours: 24 }),
  anthrax.culture('Bacillus anthracis M/C/S', 'ANTHRAX-MCS', ['B. ANTHRACIS ISOLATED', 'B. ANTHRACIS NOT ISOLATED', 'CONTAMINATED'], {
    sampleTypes: [LSW, BCB, WB],
  }),

  // Yellow fever
  yellowFever.coded('Yellow fever IgM ELISA', 'YF-IGM', IGM, { section: SERO, sampleTypes: [SER], methods: [ELISA], tatHours: 72 }),
  yellowFever.panel('Yellow fever virus RT-PCR', PH.YF_PCR, YF_PCR),
  yellowFever.coded('Yellow fever virus RT-PCR - result', PH.YF_RESULT, PCR_QUAL, member(PH.YF_PCR, YF_PCR)),
  yellowFever.numeric('Yellow fever virus RT-PCR - Ct', PH.YF_CT, { ...member(PH.YF_PCR, YF_PCR), ...CT }),

  // Influenza
  influenza.coded(
    'Influenza A/B RT-PCR',
    'FLU-PCR',
    ['INFLUENZA A DETECTED', 'INFLUENZA B DETECTED', 'INFLUENZA A AND B DETECTED', 'NOT DETECTED', 'INVALID'],
    { ...REFERENCE_PCR, sampleTypes: [NPS, OPS] },
  ),

  // Diphtheria
  diphtheria.culture(
    'Diphtheria culture M/C/S (C. diphtheriae)',
    'DIPHTHERIA-MCS',
    ['C. DIPHTHERIAE ISOLATED', 'C. DIPHTHERIAE NOT ISOLATED', 'CONTAMINATED'],
    { sampleTypes: [OPS, NPS] },
  ),
  diphtheria.coded('Diphtheria toxin gene (tox) PCR', 'DIPHTHERIA-TOX', ['TOX GENE DETECTED', 'TOX GENE NOT DETECTED', 'INVALID'], {
    ...REFERENCE_PCR,
    sampleTypes: [OPS, NPS],
  }),

  // Public
  publicHealth.coded('Hepatitis B surface antigen (HBsAg) screening', 'PUB-HBSAG', RDT_AB, { ...RAPID, methods: [RDT, ELISA], tatHours: 24, loinc: '5196-1' }),
  publicHealth.coded('Hepatitis C virus antibody screening', 'PUB-HCV', RDT_AB, { ...RAPID, methods: [RDT, ELISA], tatHours: 24, loinc: '16128-1' }),
  publicHealth.culture('Typhoid blood culture M/C/S', 'PUB-TYPHOID-MCS', ['S. TYPHI ISOLATED', 'OTHER GROWTH', 'NO GROWTH AFTER 5 DAYS', 'CONTAMINATED'], {
    loinc: '600-7',
    sampleTypes: [BCB],
    tatHours: 120,
  }),
];
