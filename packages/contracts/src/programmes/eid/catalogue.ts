import { type CatalogueTest, REF, testsOf } from '../catalogue.js';
import { EID_PCR, EID_RESULT_CODES } from './eid.js';

const { MOLE, DBS, CAP, PCR, XPERT, GENEXPERT, ABBOTT_M2000 } = REF;

const eid = testsOf('EID');

export const EID_CATALOGUE: CatalogueTest[] = [
  // EID (vocabulary from contracts, programmes/eid.ts): a dried blood spot, which a new sample is typed as (the lowest-id type), or capillary blood at the point of care
  eid.coded('HIV-1 DNA PCR', EID_PCR, [...EID_RESULT_CODES], {
    loinc: '9836-8',
    section: MOLE,
    sampleTypes: [DBS, CAP],
    methods: [PCR, XPERT],
    instruments: [ABBOTT_M2000, GENEXPERT],
    tatHours: 168,
  }),
];
