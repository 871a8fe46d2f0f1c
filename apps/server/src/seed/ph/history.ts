import type { FamilyHistory } from '../history-kit.js';

/** The public-health programmes' part of the generated history: each programme's share and tests, and its coded results. */
export const PH_HISTORY: FamilyHistory = {
  programmes: [
    { program: 'Lassa Fever', share: 0.02, tests: [{ test: 'LASSA-PCR', share: 1 }] },
    {
      program: 'COVID-19',
      share: 0.015,
      tests: [
        { test: 'COVID-PCR', share: 0.6 },
        { test: 'COVID-AG', share: 0.4 },
      ],
    },
    { program: 'Cholera', share: 0.01, tests: [{ test: 'CHOLERA-RDT', share: 1 }] },
    { program: 'CSM', share: 0.01, tests: [{ test: 'CSM-LATEX', share: 1 }] },
    { program: 'Measles and Rubella', share: 0.01, tests: [{ test: 'MEASLES-IGM', share: 1 }] },
    { program: 'Yellow fever', share: 0.005, tests: [{ test: 'YF-IGM', share: 1 }] },
    { program: 'Monkey Pox', share: 0.005, tests: [{ test: 'MPXV-PCR', share: 1 }] },
    { program: 'Diphtheria', share: 0.005, tests: [{ test: 'DIPHTHERIA-TOX', share: 1 }] },
    { program: 'Anthrax', share: 0.005, tests: [{ test: 'ANTHRAX-PCR', share: 1 }] },
    { program: 'Influenza', share: 0.01, tests: [{ test: 'FLU-PCR', share: 1 }] },
  ],
  values: {
    // Lassa fever: about one suspected case in six confirmed, as the national situation reports have it.
    'LASSA-PCR-RESULT': [
      ['DETECTED', 170],
      ['NOT DETECTED', 810],
      ['INCONCLUSIVE', 10],
      ['INVALID', 10],
    ],
    'COVID-PCR-RESULT': [
      ['DETECTED', 80],
      ['NOT DETECTED', 900],
      ['INCONCLUSIVE', 10],
      ['INVALID', 10],
    ],
    'COVID-AG': [
      ['POSITIVE', 60],
      ['NEGATIVE', 930],
      ['INVALID', 10],
    ],
    'CHOLERA-RDT': [
      ['O1 POSITIVE', 120],
      ['O139 POSITIVE', 10],
      ['O1 AND O139 POSITIVE', 5],
      ['NEGATIVE', 855],
      ['INVALID', 10],
    ],
    'CSM-LATEX': [
      ['N. MENINGITIDIS A', 10],
      ['N. MENINGITIDIS C', 60],
      ['N. MENINGITIDIS W/Y', 40],
      ['S. PNEUMONIAE', 60],
      ['H. INFLUENZAE TYPE B', 10],
      ['NEGATIVE', 820],
    ],
    'MEASLES-IGM': [
      ['POSITIVE', 150],
      ['NEGATIVE', 820],
      ['EQUIVOCAL', 30],
    ],
    'YF-IGM': [
      ['POSITIVE', 40],
      ['NEGATIVE', 940],
      ['EQUIVOCAL', 20],
    ],
    'MPXV-PCR-RESULT': [
      ['DETECTED', 250],
      ['NOT DETECTED', 730],
      ['INCONCLUSIVE', 10],
      ['INVALID', 10],
    ],
    'DIPHTHERIA-TOX': [
      ['TOX GENE DETECTED', 150],
      ['TOX GENE NOT DETECTED', 840],
      ['INVALID', 10],
    ],
    'ANTHRAX-PCR': [
      ['DETECTED', 100],
      ['NOT DETECTED', 880],
      ['INCONCLUSIVE', 10],
      ['INVALID', 10],
    ],
    'FLU-PCR': [
      ['INFLUENZA A DETECTED', 150],
      ['INFLUENZA B DETECTED', 60],
      ['INFLUENZA A AND B DETECTED', 5],
      ['NOT DETECTED', 775],
      ['INVALID', 10],
    ],
  },
};
