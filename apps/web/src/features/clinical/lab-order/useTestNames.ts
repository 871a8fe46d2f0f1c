import { useOrderLookup } from '../api';
import { useProgramme } from '../programme';

/** A test's name by its id, from the programme's orderable tests (for the labels after an order). */
export function useTestNames(): (testType: number) => string | undefined {
  const lookup = useOrderLookup(useProgramme());
  return (id) => lookup.data?.tests.find((x) => x.id === id)?.name;
}
