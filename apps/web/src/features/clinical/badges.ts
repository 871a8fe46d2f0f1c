import { type AccessContext, FAMILIES, type FamilyDefinition, type PageView, RESULT_STATUS as R, roleMay, SAMPLE_STATUS as S } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAccess } from '../auth/useAccess';
import { CLINICAL } from './keys';
import type { StatusCount } from './types';

/** SPEC §4 badge counts: which statuses each page view counts (collection: ordered and accepted samples). */
export const BADGE_STATUSES: Readonly<Partial<Record<PageView, readonly number[]>>> = {
  manageSample: [S.APPROVED, S.ORDERED],
  workplan: [S.APPROVED],
  enterResults: [S.APPROVED],
  validate: [R.ENTERED],
  approve: [R.VERIFIED],
  released: [R.APPROVAL],
  rejectedSample: [S.REJECTED, S.PARTIALLY_REJECTED],
  retest: [R.RETEST],
};

/** Sidebar path → count, for the pages of one programme family, from its count endpoint's rows. */
export function badgeCounts(counts: readonly StatusCount[], family: FamilyDefinition = FAMILIES.general): Record<string, number> {
  const of = (status: number) => counts.find((c) => c.test_order_status === status)?.count ?? 0;
  return Object.fromEntries(
    family.pages.flatMap((page) => {
      const statuses = BADGE_STATUSES[page.view];
      return statuses ? [[page.path, statuses.reduce((sum, s) => sum + of(s), 0)]] : [];
    }),
  );
}

/**
 * The selected programme's sample and result counts by status, for its staff; nothing for anyone else.
 * General reads `general_order_count/`, every other programme `public_health_count/?program__name=`.
 * Shares the clinical query key, so every sample or result move refreshes them; the sidebar's badges of
 * the programme's pages and of the pages of other modules (dispatch) are read off the same reply.
 */
export function useStatusCounts(): { counts: readonly StatusCount[]; family: FamilyDefinition; program: string; role: AccessContext['role'] } | undefined {
  const { program, role, kind, admin, superuser } = useAccess();
  const family = kind ? FAMILIES[kind] : undefined;
  const enabled = family != null && program != null && !admin && !superuser && roleMay(role, program, 'read');
  const { data } = useQuery({
    queryKey: [...CLINICAL, program, 'counts'],
    queryFn: ({ signal }) =>
      api<StatusCount[]>(`/api/${family!.count}/`, { query: family!.family === 'general' ? {} : { program__name: program! }, signal, notify: false }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  return enabled && data && family ? { counts: data, family, program: program!, role } : undefined;
}

const NONE: Record<string, number> = {};

/** Badge counts on the selected programme's own pages (SPEC §4), for its staff. */
export function useProgrammeBadges(): Record<string, number> {
  const status = useStatusCounts();
  return status ? badgeCounts(status.counts, status.family) : NONE;
}
