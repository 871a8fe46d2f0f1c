import { roleMay, SAMPLE_STATUS as S } from '@nlims/contracts';
import { useStatusCounts } from '../clinical/badges';
import type { StatusCount } from '../clinical/types';

/** SPEC §4: the dispatch page counts the programme's samples on their way to a testing laboratory (DISPATCHED). */
export const DISPATCH_BADGE = { path: '/dispatch', statuses: [S.DISPATCHED] } as const;

export function dispatchCount(counts: readonly StatusCount[]): number {
  return DISPATCH_BADGE.statuses.reduce((sum, s) => sum + (counts.find((c) => c.test_order_status === s)?.count ?? 0), 0);
}

const NONE: Record<string, number> = {};

/** The dispatch page's badge, for those who dispatch, read off the programme's status counts. */
export function useDispatchBadge(): Record<string, number> {
  const status = useStatusCounts();
  return status && roleMay(status.role, status.program, 'dispatch') ? { [DISPATCH_BADGE.path]: dispatchCount(status.counts) } : NONE;
}
