import { useMemo } from 'react';
import { useGeneralOrderConfiguration } from '../../lookups/hooks';

/** What result entry needs to know about a catalogue test. */
export interface TestConfig {
  id: number;
  name: string;
  result_type: string;
  unit: string;
  decimals: number;
  codes: string[];
  is_culture: boolean;
  section_name: string | null;
  methods: number[];
  instruments: number[];
  reporting_low: number | null;
  reporting_high: number | null;
}

/** The General catalogue by test type id (session-cached look-up). */
export function useTestConfig() {
  const query = useGeneralOrderConfiguration();
  const byId = useMemo(() => new Map((query.data ?? []).map((c) => [c.id, c as unknown as TestConfig])), [query.data]);
  return { byId, loading: query.isPending };
}
