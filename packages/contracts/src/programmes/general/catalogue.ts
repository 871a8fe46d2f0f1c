import { type CatalogueTest, measure, RDT_AB, RDT_AG, REF, type TestSetup, testsOf } from '../catalogue.js';

/** General's tests: haematology, chemistry, urinalysis, serology, malaria, microscopy, culture and sensitivity (LOINC where one exists). */
const {
  HAEM,
  CHEM,
  SERO,
  PARA,
  URIN,
  BTS,
  WB,
  SER,
  PLA,
  SPU,
  URI,
  STO,
  CSF,
  OPS,
  WSW,
  HVS,
  BCB,
  CAP,
  CIT,
  AUTO_HAEM,
  SPEC,
  ISE,
  MICROSCOPY,
  RDT,
  DIPSTICK,
  GOD,
  AGGL,
  ITURB,
  CLIA,
  WESTERGREN,
  COAG,
  HB_ELECTRO,
  FLOW,
  CALC,
  SYSMEX,
  MINDRAY,
  COBAS_C311,
  COBAS_E411,
  MICROSCOPE,
  URIT,
  FACSPRESTO,
} = REF;
const DIP_GRADED = ['NEGATIVE', 'TRACE', '1+', '2+', '3+', '4+'];
const DIP_SHORT = ['NEGATIVE', 'TRACE', '1+', '2+', '3+'];
const GROWTH = ['GROWTH', 'NO GROWTH AFTER 48 HOURS', 'MIXED GROWTH', 'CONTAMINATED'];
const WIDAL_TITRES = ['<1:20', '1:20', '1:40', '1:80', '1:160', '1:320', '1:640'];

const general = testsOf('General');

// Shared set-ups of panel members
const FBC: TestSetup = { section: HAEM, panel: 'FBC', sampleTypes: [WB], methods: [AUTO_HAEM], instruments: [SYSMEX, MINDRAY], tatHours: 4 };
const LFT: TestSetup = { section: CHEM, panel: 'LFT', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 6 };
const EUCR: TestSetup = { section: CHEM, panel: 'EUCR', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 4 };
const ELECTROLYTE: TestSetup = { ...EUCR, methods: [ISE] };
const LIPID: TestSetup = { section: CHEM, panel: 'LIPID', sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 24 };
const UA: TestSetup = { section: URIN, panel: 'UA', sampleTypes: [URI], methods: [DIPSTICK], instruments: [URIT], tatHours: 2 };
const CHEMISTRY: TestSetup = { section: CHEM, sampleTypes: [SER, PLA], methods: [SPEC], instruments: [COBAS_C311], tatHours: 24 };
const IMMUNOASSAY: TestSetup = { section: CHEM, sampleTypes: [SER, PLA], methods: [CLIA], instruments: [COBAS_E411], tatHours: 24 };
const COAGULATION: TestSetup = { section: HAEM, sampleTypes: [CIT], methods: [COAG], tatHours: 4 };
const RAPID: TestSetup = { section: SERO, sampleTypes: [SER, PLA, WB], methods: [RDT], tatHours: 1 };
// An HIV test's value tells a status: it never goes in a routine message (the sample's message says only "ready").
const HIV_RT: TestSetup = { section: SERO, panel: 'HIV-RT', sampleTypes: [WB, CAP, SER, PLA], methods: [RDT], tatHours: 1, hiddenInMessages: true };
const WIDAL: TestSetup = { section: SERO, panel: 'WIDAL', sampleTypes: [SER], methods: [AGGL], tatHours: 4 };

export const GENERAL_CATALOGUE: CatalogueTest[] = [
  // General: full blood count
  general.panel('Full blood count', 'FBC', {
    loinc: '58410-2',
    section: HAEM,
    sampleTypes: [WB],
    methods: [AUTO_HAEM],
    instruments: [SYSMEX, MINDRAY],
    tatHours: 4,
  }),
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
  general.panel('Liver function test', 'LFT', {
    loinc: '24325-3',
    section: CHEM,
    sampleTypes: [SER, PLA],
    methods: [SPEC],
    instruments: [COBAS_C311],
    tatHours: 6,
  }),
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
  general.panel('Lipid profile', 'LIPID', {
    loinc: '24331-1',
    section: CHEM,
    sampleTypes: [SER, PLA],
    methods: [SPEC],
    instruments: [COBAS_C311],
    tatHours: 24,
  }),
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
  general.coded('Malaria rapid diagnostic test (mRDT)', 'MAL-RDT', RDT_AG, {
    loinc: '50687-3',
    section: PARA,
    sampleTypes: [CAP, WB],
    methods: [RDT],
    tatHours: 1,
  }),
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
  general.panel('HIV rapid test (national serial algorithm)', 'HIV-RT', {
    section: SERO,
    sampleTypes: [WB, CAP, SER, PLA],
    methods: [RDT],
    tatHours: 1,
    hiddenInMessages: true,
  }),
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
];
