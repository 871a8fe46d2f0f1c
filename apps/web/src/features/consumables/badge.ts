import { isTierUser } from '@nlims/contracts';
import { useSession } from '../auth/useSession';
import { useAlerts } from './api';

export const CONSUMABLES_PATH = '/commodities/consumable';
export const RECEIVE_PATH = '/commodities/createConsumable';

/** Those who keep the stock: a facility's administrator (never the super admin or an official). */
export function keepsStock(user: Parameters<typeof isTierUser>[0] | null): boolean {
  if (!user || user.is_superuser || isTierUser(user)) return false;
  return user.programs_roles.some((pr) => pr.roles === 'Admin');
}

/** The sidebar's badges from the alerts' counts: items low on stock on the consumables page, lots expiring soon on the receiving page. */
export function consumablesBadges(counts: { low_stock: number; expiring_soon: number } | undefined): Record<string, number> {
  if (!counts) return {};
  return {
    ...(counts.low_stock ? { [CONSUMABLES_PATH]: counts.low_stock } : {}),
    ...(counts.expiring_soon ? { [RECEIVE_PATH]: counts.expiring_soon } : {}),
  };
}

/** The consumables' badges, for the facility's administrator. */
export function useConsumablesBadge(): Record<string, number> {
  const { user } = useSession();
  const enabled = keepsStock(user);
  const { data } = useAlerts(enabled);
  return enabled ? consumablesBadges(data) : {};
}
