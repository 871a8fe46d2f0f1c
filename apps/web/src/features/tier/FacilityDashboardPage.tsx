import type { PageProps } from '../pages/pageProps';
import { useAccess } from '../layout/useAccess';
import { TierDashboard } from './TierDashboard';

/** The facility's dashboard of the programme the user works in (the server keeps it to their facility). */
export default function FacilityDashboardPage({ page }: PageProps) {
  const { program } = useAccess();
  return <TierDashboard key={program ?? ''} page={page} endpoint="tier_general_program_dashboard" program={program ?? undefined} areas={false} />;
}
