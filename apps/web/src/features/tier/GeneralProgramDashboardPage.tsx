import type { PageProps } from '../../shared/page/pageProps';
import { TierDashboard } from './TierDashboard';

/** General (clinical) staff's dashboard of their facility's orders. */
export default function GeneralProgramDashboardPage({ page }: PageProps) {
  return <TierDashboard page={page} endpoint="tier_general_order_dashboard" areas={false} />;
}
