import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './sessionCache';

export interface ReasonItem {
  id: number;
  reason: string;
  code: string;
  is_active: boolean;
}

export interface CollectionLookup {
  sample_types: { id: number; name: string; code: string }[];
  identifier_types: { id: number; name: string; code: string }[];
  occupations: { id: number; name: string }[];
  rejection_reasons: { id: number; reason: string }[];
  result_rejection_reasons: { id: number; reason: string }[];
}

export interface TestConfiguration {
  id: number;
  name: string;
  code: string;
  result_type: string;
  unit: string;
  codes: string[];
  is_panel: boolean;
  panel: number | null;
  sample_types: number[];
  [field: string]: unknown;
}

/** The three look-ups SPEC §9 keeps for the browser session. */
export const SESSION_LOOKUPS = {
  rejectionReasons: sessionQuery<ReasonItem[]>('rejection_reason', '/api/rejection_reason/'),
  collectionLookup: sessionQuery<CollectionLookup>('collection_look_up', '/api/collection_look_up/'),
  generalOrderConfiguration: sessionQuery<TestConfiguration[]>('test_configuration:General', '/api/test_configuration/', { program__name: 'General' }),
};

export const useRejectionReasons = () => useQuery(SESSION_LOOKUPS.rejectionReasons);
export const useCollectionLookup = () => useQuery(SESSION_LOOKUPS.collectionLookup);
export const useGeneralOrderConfiguration = () => useQuery(SESSION_LOOKUPS.generalOrderConfiguration);

/** A programme's catalogue (result configuration of each test), kept for the browser session like General's. */
export const programConfiguration = (program: string) =>
  program === 'General'
    ? SESSION_LOOKUPS.generalOrderConfiguration
    : sessionQuery<TestConfiguration[]>(`test_configuration:${program}`, '/api/test_configuration/', { program__name: program });
export const useProgramConfiguration = (program: string) => useQuery(programConfiguration(program));
