import { GENERAL_ROLES, RESULT_STATUS as R, SAMPLE_STATUS as S } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAccess } from '../layout/useAccess';
import { CLINICAL } from './keys';
import type { StatusCount } from './types';

/** SPEC §4 badge counts: which statuses each sidebar page counts. */
export const BADGE_STATUSES: Readonly<Record<string, readonly number[]>> = {
  '/clinical/manage-sample': [S.APPROVED, S.ORDERED],
  '/clinical/workplan': [S.APPROVED],
  '/clinical/enter-results': [S.APPROVED],
  '/clinical/validate-results': [R.ENTERED],
  '/clinical/approve-results': [R.VERIFIED],
  '/manage-result': [R.APPROVAL],
};

/** Sidebar path → count, from `general_order_count/`. */
export function badgeCounts(counts: readonly StatusCount[]): Record<string, number> {
  const of = (status: number) => counts.find((c) => c.test_order_status === status)?.count ?? 0;
  return Object.fromEntries(Object.entries(BADGE_STATUSES).map(([path, statuses]) => [path, statuses.reduce((sum, s) => sum + of(s), 0)]));
}

const NONE: Record<string, number> = {};

/**
 * Badge counts for General-programme staff; nothing for anyone else. Shares
 * the clinical query key, so every sample or result move refreshes them.
 */
export function useNavBadges(): Record<string, number> {
  const { kind, role } = useAccess();
  const enabled = kind === 'general' && role != null && (GENERAL_ROLES.read as readonly string[]).includes(role);
  const { data } = useQuery({
    queryKey: [...CLINICAL, 'counts'],
    queryFn: ({ signal }) => api<StatusCount[]>('/api/general_order_count/', { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  return enabled && data ? badgeCounts(data) : NONE;
}
