import type { CodedChoice } from './types.js';

/**
 * The test catalogue as the programmes declare it (each family's
 * `catalogue.ts`), below every family and the registry. The server seeds its
 * catalogue from the registered programmes' tests; which results are positive
 * is declared on the test itself (`positive`), so no value is typed twice.
 * Names of sections, sample types, methods and instruments refer to the
 * server's seeded reference lists; LOINC codes where one exists.
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
  /** What a code means where it says more than the code ("1+" → "1+ (10–99 AFB in 100 fields)"): result entry shows both. */
  labels?: Readonly<Record<string, string>>;
  culture?: boolean;
  /** Code of the panel this test belongs to. */
  panel?: string;
  isPanel?: boolean;
  tatHours?: number;
  sampleTypes: string[];
  methods?: string[];
  instruments?: string[];
  /**
   * The coded values that found the disease (a public-health programme's case): the dashboards count them, the line
   * list marks them, and a notifiable programme's positive raises its flag. A panel's coded member with positives is
   * its key member: it counts the panel once, and the panel's numeric members (Ct values) are recorded only when it
   * says the target could amplify.
   */
  positive?: readonly string[];
  /** Its value never goes in a routine result message, whatever the programme's setting (a value that tells an HIV status). */
  hiddenInMessages?: boolean;
}

export type Range = [low: number, high: number];
export type Critical = [low: number | null, high: number | null];
/** Everything of a test but its programme, name, code, result type and codes. */
export type TestSetup = Omit<CatalogueTest, 'program' | 'name' | 'code' | 'result' | 'codes'>;

/** The seeded reference lists' names the catalogues refer to (sections, sample types, methods, instruments). */
export const REF = {
  // Sections
  HAEM: 'Haematology',
  CHEM: 'Clinical Chemistry',
  MICRO: 'Microbiology',
  SERO: 'Serology and Immunology',
  PARA: 'Parasitology',
  MOLE: 'Molecular Biology',
  MYCO: 'Mycobacteriology',
  URIN: 'Urinalysis',
  BTS: 'Blood Transfusion Science',
  // Sample types
  WB: 'Whole blood (EDTA)',
  SER: 'Serum',
  PLA: 'Plasma',
  DBS: 'Dried blood spot',
  SPU: 'Sputum',
  URI: 'Urine',
  STO: 'Stool',
  CSF: 'Cerebrospinal fluid',
  NPS: 'Nasopharyngeal swab',
  OPS: 'Oropharyngeal swab',
  WSW: 'Wound swab',
  HVS: 'High vaginal swab',
  BCB: 'Blood culture bottle',
  CAP: 'Capillary blood',
  CIT: 'Citrated plasma',
  LSW: 'Lesion swab',
  GA: 'Gastric aspirate',
  LNA: 'Lymph node aspirate',
  RSW: 'Rectal swab',
  CRU: 'Lesion crust',
  // Methods
  AUTO_HAEM: 'Automated haematology analysis',
  SPEC: 'Spectrophotometry',
  ISE: 'Ion-selective electrode',
  MICROSCOPY: 'Light microscopy',
  ZN: 'Ziehl-Neelsen staining',
  LED_FM: 'Fluorescence microscopy (LED)',
  CULTURE: 'Culture and sensitivity',
  KB: 'Disk diffusion (Kirby-Bauer)',
  PCR: 'Real-time PCR',
  XPERT: 'Cartridge-based NAAT (GeneXpert)',
  LPA: 'Line probe assay',
  RDT: 'Lateral flow immunoassay (RDT)',
  ELISA: 'ELISA',
  DIPSTICK: 'Dipstick',
  GOD: 'Glucose oxidase',
  GRAM: 'Gram staining',
  LATEX: 'Latex agglutination',
  AGGL: 'Agglutination (slide/tube)',
  ITURB: 'Immunoturbidimetry',
  CLIA: 'Chemiluminescence immunoassay',
  WESTERGREN: 'Westergren',
  COAG: 'Clot-based coagulation assay',
  HB_ELECTRO: 'Haemoglobin electrophoresis',
  FLOW: 'Flow cytometry',
  LAMP: 'Loop-mediated isothermal amplification (LAMP)',
  MGIT: 'Liquid culture (MGIT)',
  LJ: 'Solid culture (Löwenstein–Jensen)',
  PDST: 'Phenotypic drug susceptibility testing',
  CALC: 'Calculated',
  // Instruments
  GENEXPERT: 'GeneXpert IV',
  SYSMEX: 'Sysmex XN-1000',
  MINDRAY: 'Mindray BC-5150',
  COBAS_C311: 'Cobas c 311',
  COBAS_E411: 'Cobas e 411',
  ABBOTT_M2000: 'Abbott m2000sp/rt',
  COBAS_4800: 'Roche Cobas 4800',
  MGIT_960: 'BACTEC MGIT 960',
  MICROSCOPE: 'Olympus CX23 microscope',
  URIT: 'Urine analyser Urit-500B',
  FACSPRESTO: 'BD FACSPresto',
  GT_BLOT: 'GT-Blot 48',
  ABI_7500: 'Applied Biosystems 7500',
} as const;

/** The vocabularies several families' tests share. */
export const RDT_AB = ['REACTIVE', 'NON-REACTIVE', 'INVALID'];
export const RDT_AG = ['POSITIVE', 'NEGATIVE', 'INVALID'];
/** RT-PCR outcome (the result member of a PCR panel; its Ct members carry one value per target). */
export const PCR_RESULTS = ['DETECTED', 'NOT DETECTED', 'INCONCLUSIVE', 'INVALID'] as const;
/** IgM capture ELISA. */
export const IGM_RESULTS = ['POSITIVE', 'NEGATIVE', 'EQUIVOCAL'] as const;
/** The set-up of a microscopy, culture and sensitivity test. */
export const MCS_METHODS = [REF.MICROSCOPY, REF.GRAM, REF.CULTURE, REF.KB];
/** A reference laboratory's real-time PCR. */
export const REFERENCE_PCR: TestSetup = { section: REF.MOLE, sampleTypes: [], methods: [REF.PCR], instruments: [REF.ABI_7500], tatHours: 48 };

/** Unit, decimals, reporting range, adult reference range and critical limits of a numeric test. */
export function measure(unit: string | null, decimals: number, reporting: Range, ref?: Range, critical?: Critical) {
  return { ...(unit ? { unit } : {}), decimals, reporting, ...(ref ? { ref } : {}), ...(critical ? { critical } : {}) };
}

/** A Ct value, reportable from 5 to 45 cycles. */
export const CT = measure('Ct', 2, [5, 45]);

/** A member of a panel: the panel's set-up and its code. */
export const member = (panel: string, setup: TestSetup): TestSetup => ({ ...setup, panel });

/** Builders for the tests of one programme. */
/** A vocabulary as the catalogue keeps it: the codes, and the labels that say more than their code. */
function codedValues(choices: readonly (string | CodedChoice)[]): Pick<CatalogueTest, 'codes' | 'labels'> {
  const codes = choices.map((c) => (typeof c === 'string' ? c : c.value));
  const labels = choices.flatMap((c) => (typeof c === 'string' || c.label === c.value ? [] : [[c.value, c.label] as const]));
  return labels.length ? { codes, labels: Object.fromEntries(labels) } : { codes };
}

export function testsOf(program: string) {
  return {
    numeric: (name: string, code: string, setup: TestSetup): CatalogueTest => ({ program, name, code, result: 'numeric', ...setup }),
    /** A numeric test that also takes censored values: its codes list the forms ("<", ">", "TARGET NOT DETECTED"; censored.ts). */
    censored: (name: string, code: string, forms: string[], setup: TestSetup): CatalogueTest => ({
      program,
      name,
      code,
      result: 'numeric',
      codes: forms,
      ...setup,
    }),
    /** A coded test; its codes, or its vocabulary (each code with what it means). */
    coded: (name: string, code: string, codes: readonly (string | CodedChoice)[], setup: TestSetup): CatalogueTest => ({
      program,
      name,
      code,
      result: 'coded',
      ...codedValues(codes),
      ...setup,
    }),
    panel: (name: string, code: string, setup: Omit<TestSetup, 'panel' | 'isPanel'>): CatalogueTest => ({
      program,
      name,
      code,
      result: 'coded',
      codes: [],
      isPanel: true,
      ...setup,
    }),
    /** A microscopy, culture and sensitivity test: takes organisms and an antibiogram; its name says M/C/S. */
    culture: (name: string, code: string, codes: string[], setup: Partial<TestSetup> & Pick<TestSetup, 'sampleTypes'>): CatalogueTest => ({
      program,
      name,
      code,
      result: 'coded',
      codes,
      culture: true,
      section: REF.MICRO,
      methods: MCS_METHODS,
      tatHours: 72,
      ...setup,
    }),
  };
}

// --- The registered catalogue (filled by the registry) ----------------------------------------------------

/** Every registered programme's tests, in registration order. */
export const CATALOGUE: CatalogueTest[] = [];
const byCode = new Map<string, CatalogueTest>();

/** A positive result's programme and values, by test code (tests declaring `positive`). */
export const POSITIVE_RESULTS: Record<string, { program: string; values: readonly string[] }> = {};

/** Add a programme's tests to the catalogue; a code already taken is refused. */
export function addToCatalogue(tests: readonly CatalogueTest[]): void {
  for (const t of tests) if (byCode.has(t.code)) throw new Error(`Catalogue code "${t.code}" is declared twice`);
  for (const t of tests) {
    CATALOGUE.push(t);
    byCode.set(t.code, t);
    if (t.positive?.length) POSITIVE_RESULTS[t.code] = { program: t.program, values: t.positive };
  }
}

export const catalogueTest = (code: string): CatalogueTest | undefined => byCode.get(code);

/** A coded test's values with what each means (its declared vocabulary), or the values as they are. */
export function resultChoices(testCode: string | undefined, codes: readonly string[]): CodedChoice[] {
  const labels = testCode ? byCode.get(testCode)?.labels : undefined;
  return codes.map((value) => ({ value, label: labels?.[value] ?? value }));
}

/** The key member of a panel (its coded member with positives), or null. */
export function keyMemberOf(panel: string): CatalogueTest | null {
  return CATALOGUE.find((t) => t.panel === panel && t.result === 'coded' && t.positive?.length) ?? null;
}

/** The key members of the panels of these programmes' tests (or of every programme). */
export function keyMemberCodes(programs?: readonly string[]): string[] {
  return CATALOGUE.filter((t) => t.panel && t.result === 'coded' && t.positive?.length && (!programs || programs.includes(t.program))).map((t) => t.code);
}

/** A panel's numeric member recorded only when its key member says the target could amplify (a Ct): the key member's code, or null. */
export function ctResultOf(code: string): string | null {
  const t = byCode.get(code);
  if (!t?.panel || t.result !== 'numeric') return null;
  return keyMemberOf(t.panel)?.code ?? null;
}
