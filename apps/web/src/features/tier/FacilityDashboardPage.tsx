import type { PageProps } from '../../shared/page/pageProps';
import { useAccess } from '../auth/useAccess';
import { TierDashboard } from './TierDashboard';

/** The facility's dashboard of the programme the user works in (the server keeps it to their facility). */
export default function FacilityDashboardPage({ page }: PageProps) {
  const { program } = useAccess();
  return <TierDashboard key={program ?? ''} page={page} endpoint="tier_general_program_dashboard" program={program ?? undefined} areas={false} />;
}
