/** Reference lists every install starts with (editable by the super admin afterwards). */

export const SECTIONS: [name: string, code: string][] = [
  ['Haematology', 'HAEM'],
  ['Clinical Chemistry', 'CHEM'],
  ['Microbiology', 'MICRO'],
  ['Serology and Immunology', 'SERO'],
  ['Parasitology', 'PARA'],
  ['Molecular Biology', 'MOLE'],
  ['Mycobacteriology', 'MYCO'],
  ['Urinalysis', 'URIN'],
  ['Blood Transfusion Science', 'BTS'],
  ['Histopathology', 'HIST'],
];

export const BENCHES: [name: string, code: string, section: string][] = [
  ['Haematology Analyser Bench', 'HAEM-1', 'Haematology'],
  ['Coagulation Bench', 'HAEM-2', 'Haematology'],
  ['Chemistry Analyser Bench', 'CHEM-1', 'Clinical Chemistry'],
  ['Culture Bench', 'MICRO-1', 'Microbiology'],
  ['Sensitivity Bench', 'MICRO-2', 'Microbiology'],
  ['Rapid Tests Bench', 'SERO-1', 'Serology and Immunology'],
  ['Microscopy Bench', 'PARA-1', 'Parasitology'],
  ['PCR Bench', 'MOLE-1', 'Molecular Biology'],
  ['GeneXpert Bench', 'MOLE-2', 'Molecular Biology'],
  ['AFB Microscopy Bench', 'MYCO-1', 'Mycobacteriology'],
  ['TB Culture Bench', 'MYCO-2', 'Mycobacteriology'],
  ['Urinalysis Bench', 'URIN-1', 'Urinalysis'],
];

export const METHODS: [name: string, code: string][] = [
  ['Automated haematology analysis', 'AUTO-HAEM'],
  ['Spectrophotometry', 'SPEC'],
  ['Ion-selective electrode', 'ISE'],
  ['Light microscopy', 'MICROSCOPY'],
  ['Ziehl-Neelsen staining', 'ZN'],
  ['Fluorescence microscopy (LED)', 'LED-FM'],
  ['Culture and sensitivity', 'CULTURE'],
  ['Disk diffusion (Kirby-Bauer)', 'KB'],
  ['Real-time PCR', 'RT-PCR'],
  ['Cartridge-based NAAT (GeneXpert)', 'CBNAAT'],
  ['Line probe assay', 'LPA'],
  ['Lateral flow immunoassay (RDT)', 'RDT'],
  ['ELISA', 'ELISA'],
  ['Dipstick', 'DIPSTICK'],
  ['Glucose oxidase', 'GOD'],
];

export const INSTRUMENTS: [name: string, manufacturer: string, model: string][] = [
  ['GeneXpert IV', 'Cepheid', 'GX-IV'],
  ['Sysmex XN-1000', 'Sysmex', 'XN-1000'],
  ['Mindray BC-5150', 'Mindray', 'BC-5150'],
  ['Cobas c 311', 'Roche', 'c 311'],
  ['Abbott m2000sp/rt', 'Abbott', 'm2000'],
  ['Roche Cobas 4800', 'Roche', 'Cobas 4800'],
  ['BACTEC MGIT 960', 'BD', 'MGIT 960'],
  ['Olympus CX23 microscope', 'Olympus', 'CX23'],
  ['Urine analyser Urit-500B', 'URIT', '500B'],
];

export const SAMPLE_TYPES: [name: string, code: string][] = [
  ['Whole blood (EDTA)', 'WB-EDTA'],
  ['Serum', 'SER'],
  ['Plasma', 'PLA'],
  ['Dried blood spot', 'DBS'],
  ['Sputum', 'SPU'],
  ['Urine', 'URI'],
  ['Stool', 'STO'],
  ['Cerebrospinal fluid', 'CSF'],
  ['Nasopharyngeal swab', 'NPS'],
  ['Oropharyngeal swab', 'OPS'],
  ['Wound swab', 'WSW'],
  ['High vaginal swab', 'HVS'],
  ['Blood culture bottle', 'BCB'],
  ['Capillary blood', 'CAP'],
];

export const REJECTION_REASONS: [reason: string, code: string][] = [
  ['Haemolysed sample', 'HAEM'],
  ['Clotted sample', 'CLOT'],
  ['Insufficient sample volume', 'QNS'],
  ['Unlabelled or mislabelled sample', 'LABEL'],
  ['Sample and request form do not match', 'MISMATCH'],
  ['Leaking or broken container', 'LEAK'],
  ['Wrong container or preservative', 'CONTAINER'],
  ['Sample too old / delayed in transit', 'DELAY'],
  ['Cold chain not maintained', 'COLD'],
  ['Request form missing or incomplete', 'FORM'],
  ['Salivary sputum', 'SALIVA'],
];

export const RESULT_REJECTION_REASONS: [reason: string, code: string][] = [
  ['Result inconsistent with clinical information', 'CLIN'],
  ['Quality control failed for the run', 'QC'],
  ['Transcription error', 'TRANS'],
  ['Instrument error or invalid run', 'INSTR'],
  ['Delta check failed', 'DELTA'],
  ['Result outside reportable range', 'RANGE'],
];

export const ORGANISMS: [name: string, code: string, gram: 'positive' | 'negative' | 'not applicable'][] = [
  ['Escherichia coli', 'ECOLI', 'negative'],
  ['Klebsiella pneumoniae', 'KPNEU', 'negative'],
  ['Pseudomonas aeruginosa', 'PAER', 'negative'],
  ['Proteus mirabilis', 'PMIR', 'negative'],
  ['Salmonella Typhi', 'STYP', 'negative'],
  ['Acinetobacter baumannii', 'ABAU', 'negative'],
  ['Neisseria meningitidis', 'NMEN', 'negative'],
  ['Vibrio cholerae', 'VCHO', 'negative'],
  ['Staphylococcus aureus', 'SAUR', 'positive'],
  ['Coagulase-negative staphylococci', 'CONS', 'positive'],
  ['Streptococcus pneumoniae', 'SPNE', 'positive'],
  ['Streptococcus pyogenes', 'SPYO', 'positive'],
  ['Enterococcus faecalis', 'EFAE', 'positive'],
  ['Candida albicans', 'CALB', 'not applicable'],
  ['Mycobacterium tuberculosis complex', 'MTBC', 'not applicable'],
];

export const ANTIBIOTICS: [name: string, code: string, cls: string][] = [
  ['Ampicillin', 'AMP', 'Penicillins'],
  ['Amoxicillin-clavulanate', 'AMC', 'Beta-lactam combinations'],
  ['Ceftriaxone', 'CRO', 'Cephalosporins'],
  ['Cefuroxime', 'CXM', 'Cephalosporins'],
  ['Ceftazidime', 'CAZ', 'Cephalosporins'],
  ['Cefoxitin', 'FOX', 'Cephamycins'],
  ['Meropenem', 'MEM', 'Carbapenems'],
  ['Imipenem', 'IPM', 'Carbapenems'],
  ['Gentamicin', 'GEN', 'Aminoglycosides'],
  ['Amikacin', 'AMK', 'Aminoglycosides'],
  ['Ciprofloxacin', 'CIP', 'Fluoroquinolones'],
  ['Levofloxacin', 'LVX', 'Fluoroquinolones'],
  ['Nitrofurantoin', 'NIT', 'Nitrofurans'],
  ['Trimethoprim-sulfamethoxazole', 'SXT', 'Folate pathway inhibitors'],
  ['Erythromycin', 'ERY', 'Macrolides'],
  ['Azithromycin', 'AZM', 'Macrolides'],
  ['Clindamycin', 'CLI', 'Lincosamides'],
  ['Vancomycin', 'VAN', 'Glycopeptides'],
  ['Tetracycline', 'TCY', 'Tetracyclines'],
  ['Chloramphenicol', 'CHL', 'Phenicols'],
  ['Penicillin', 'PEN', 'Penicillins'],
  ['Oxacillin', 'OXA', 'Penicillins'],
];

export const IDENTIFIER_TYPES: [name: string, code: string][] = [
  ['Hospital number', 'HOSP'],
  ['LGA TB number', 'LGATB'],
  ['DR register number', 'DRREG'],
  ['National identification number', 'NIN'],
  ['EPID number', 'EPID'],
];

export const MEASURE_UNITS: [name: string, symbol: string][] = [
  ['Grams per decilitre', 'g/dL'],
  ['Cells per microlitre (×10⁹/L)', '×10⁹/L'],
  ['Cells ×10¹²/L', '×10¹²/L'],
  ['Percent', '%'],
  ['Femtolitre', 'fL'],
  ['Picogram', 'pg'],
  ['Millimoles per litre', 'mmol/L'],
  ['Micromoles per litre', 'µmol/L'],
  ['Milligrams per decilitre', 'mg/dL'],
  ['Units per litre', 'U/L'],
  ['Grams per litre', 'g/L'],
  ['Copies per millilitre', 'copies/mL'],
  ['Cycle threshold', 'Ct'],
  ['Millimetres per hour', 'mm/hr'],
  ['Seconds', 's'],
  ['Each', 'each'],
  ['Box', 'box'],
  ['Pack', 'pack'],
];

export const OCCUPATIONS = ['Health worker', 'Trader', 'Farmer', 'Civil servant', 'Student', 'Artisan', 'Driver', 'Teacher', 'Unemployed', 'Retired', 'Other'];
