import { isTierUser, NCR_MANAGER_ROLES, type Role } from '@nlims/contracts';
import { useSession } from '../auth/useSession';
import { useNcrCounts } from './api';

export const NCR_PATH = '/non-conformity';

/** Those who follow reports up: facility staff holding Admin, Manager or Supervisor in any programme. */
export function managesNcr(user: Parameters<typeof isTierUser>[0] | null): boolean {
  if (!user || user.is_superuser || isTierUser(user)) return false;
  return user.programs_roles.some((pr) => NCR_MANAGER_ROLES.includes(pr.roles as Role));
}

/** The non-conformity page's badge: the facility's open actions past their due date, for those who follow them up. */
export function useNcrBadge(): Record<string, number> {
  const { user } = useSession();
  const enabled = managesNcr(user);
  const { data } = useNcrCounts(enabled);
  return enabled && data?.overdue_actions ? { [NCR_PATH]: data.overdue_actions } : {};
}
