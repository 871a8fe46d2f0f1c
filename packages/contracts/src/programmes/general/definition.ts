import type { ProgrammeDefinition } from '../programme.js';
import { GENERAL_CATALOGUE } from './catalogue.js';

const MALARIA_MICROSCOPY_POSITIVE = ['P. FALCIPARUM SEEN', 'P. MALARIAE SEEN', 'P. OVALE SEEN', 'P. VIVAX SEEN', 'MIXED SPECIES SEEN'];

/** The hospital laboratory's clinical orders: no request form, no interpretation rules. */
export const GENERAL: ProgrammeDefinition = {
  name: 'General',
  family: 'general',
  code: 'GEN',
  catalogue: GENERAL_CATALOGUE,
  dhis2: { order: 1 },
  priorityDisease: {
    key: 'malaria',
    order: 13,
    tierDashboard: 1,
    // The malaria RDT and microscopy; a parasite density is a measure of a positive slide, not another test.
    tests: { tested: ['MAL-RDT', 'MP-MICRO'], positive: { 'MAL-RDT': ['POSITIVE'], 'MP-MICRO': MALARIA_MICROSCOPY_POSITIVE } },
  },
};
