import { useAccess } from '../auth/useAccess';
import type { PageProps } from '../../shared/page/pageProps';
import { ReportsHub } from './ReportsHub';
import { TierReport } from './TierReport';

/**
 * `/reports`: for a health official (tier user) the aggregated report of their
 * area; for facility staff the reports of their programme their role opens.
 */
export default function ReportsPage({ page }: PageProps) {
  const ctx = useAccess();
  return ctx.tier != null ? <TierReport page={page} /> : <ReportsHub page={page} />;
}
