import { useMemo } from 'react';
import { useProgramConfiguration } from '../../lookups/hooks';
import { useProgramme } from '../programme';

/** What result entry needs to know about a catalogue test. */
export interface TestConfig {
  id: number;
  name: string;
  /** The catalogue code (`TB-XPERT-RIF` …): the programme's vocabularies and rules go by it. */
  code: string;
  result_type: string;
  unit: string;
  decimals: number;
  codes: string[];
  is_culture: boolean;
  is_panel: boolean;
  /** The panel a member test belongs to. */
  panel: number | null;
  section_name: string | null;
  methods: number[];
  instruments: number[];
  reporting_low: number | null;
  reporting_high: number | null;
}

/** The selected programme's catalogue by test type id (session-cached look-up). */
export function useTestConfig() {
  const query = useProgramConfiguration(useProgramme().name);
  const byId = useMemo(() => new Map((query.data ?? []).map((c) => [c.id, c as unknown as TestConfig])), [query.data]);
  return { byId, loading: query.isPending };
}
