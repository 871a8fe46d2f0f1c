import { FAMILIES, type FamilyDefinition, type PageView, RESULT_STATUS as R, roleMay, SAMPLE_STATUS as S } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAccess } from '../layout/useAccess';
import { useConsumablesBadge } from '../consumables/badge';
import { useNcrBadge } from '../nonconformity/badge';
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

/** SPEC §4: the dispatch page counts the programme's samples on their way to a testing laboratory (DISPATCHED). */
export const DISPATCH_BADGE = { path: '/dispatch', statuses: [S.DISPATCHED] } as const;

export function dispatchCount(counts: readonly StatusCount[]): number {
  return DISPATCH_BADGE.statuses.reduce((sum, s) => sum + (counts.find((c) => c.test_order_status === s)?.count ?? 0), 0);
}

const NONE: Record<string, number> = {};

/**
 * Badge counts on the selected programme's own pages, for its staff; nothing
 * for anyone else. General reads `general_order_count/`, every other
 * programme `public_health_count/?program__name=`. Shares the clinical query
 * key, so every sample or result move refreshes them.
 */
export function useNavBadges(): Record<string, number> {
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
  // Public health: the positives of notifiable diseases waiting to be notified, for those who notify them.
  const notifies = enabled && family?.family === 'ph' && roleMay(role, program!, 'released');
  const { data: toNotify } = useQuery({
    queryKey: [...CLINICAL, 'ph', 'notify-count'],
    queryFn: ({ signal }) => api<{ count: number }>('/api/public_health_notify/', { query: { page: 1, page_size: 5 }, signal, notify: false }),
    enabled: notifies,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  // Non-conformity reports: the facility's overdue actions, for those who follow them up (whatever the programme).
  const ncr = useNcrBadge();
  // Consumables: items low on stock and lots expiring soon, for the facility's administrator (who reads no sample counts).
  const stock = useConsumablesBadge();
  const facilityWide = Object.keys(ncr).length || Object.keys(stock).length ? { ...ncr, ...stock } : NONE;
  if (!(enabled && data && family)) return facilityWide;
  const counts = { ...badgeCounts(data, family), ...facilityWide };
  if (roleMay(role, program!, 'dispatch')) counts[DISPATCH_BADGE.path] = dispatchCount(data);
  return notifies && toNotify ? { ...counts, '/programs/ph-notify': toNotify.count } : counts;
}
