import type { PageProps } from '../../shared/page/pageProps';
import { tierPageOf } from './filters';
import { TierDashboard } from './TierDashboard';

/**
 * A tier disease's dashboard (malaria, HIV, TB, COVID-19, Lassa fever) at
 * each level: one page for the fifteen paths, the disease from the path; the
 * server narrows the figures to the user's own area, so the federal page has
 * the map of the states.
 */
export default function TierDiseasePage({ page }: PageProps) {
  const of = tierPageOf(page.path);
  return <TierDashboard page={page} endpoint="tier_general_program_dashboard" disease={of?.disease} map={of?.level === 'federal'} />;
}
