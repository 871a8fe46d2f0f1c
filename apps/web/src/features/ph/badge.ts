import { roleMay } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAccess } from '../auth/useAccess';
import { CLINICAL } from '../clinical/keys';

const NOTIFY_PATH = '/programs/ph-notify';
const NONE: Record<string, number> = {};

/** Public health: the positives of notifiable diseases waiting to be notified, for those of the programme's staff who notify them. */
export function usePhNotifyBadge(): Record<string, number> {
  const { program, role, kind, admin, superuser } = useAccess();
  const notifies = kind === 'ph' && program != null && !admin && !superuser && roleMay(role, program, 'read') && roleMay(role, program, 'released');
  const { data } = useQuery({
    queryKey: [...CLINICAL, 'ph', 'notify-count'],
    queryFn: ({ signal }) => api<{ count: number }>('/api/public_health_notify/', { query: { page: 1, page_size: 5 }, signal, notify: false }),
    enabled: notifies,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  return notifies && data ? { [NOTIFY_PATH]: data.count } : NONE;
}
