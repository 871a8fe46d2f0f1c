import { type ConsumableAlerts, isTierUser } from '@nlims/contracts';
import { useSession } from '../auth/useSession';
import { useAlerts } from './api';

export const CONSUMABLES_PATH = '/commodities/consumable';
export const RECEIVE_PATH = '/commodities/createConsumable';

/** Those who keep the stock: a facility's administrator (never the super admin or an official). */
export function keepsStock(user: Parameters<typeof isTierUser>[0] | null): boolean {
  if (!user || user.is_superuser || isTierUser(user)) return false;
  return user.programs_roles.some((pr) => pr.roles === 'Admin');
}

/**
 * The sidebar's badge: the alerts the consumables page lists, the very figure its alerts tab shows (the server's
 * `alerts`), on the page that lists them; none when nothing waits.
 */
export function consumablesBadges(counts: Pick<ConsumableAlerts, 'alerts'> | undefined): Record<string, number> {
  return counts?.alerts ? { [CONSUMABLES_PATH]: counts.alerts } : {};
}

/** The consumables' badges, for the facility's administrator. */
export function useConsumablesBadge(): Record<string, number> {
  const { user } = useSession();
  const enabled = keepsStock(user);
  const { data } = useAlerts(enabled);
  return enabled ? consumablesBadges(data) : {};
}
