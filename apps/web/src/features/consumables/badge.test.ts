import { consumableAlertTotal } from '@nlims/contracts';
import { describe, expect, it } from 'vitest';
import { CONSUMABLES_PATH, consumablesBadges, keepsStock, RECEIVE_PATH } from './badge';

const user = (roles: string[], extra: { is_superuser?: boolean; user_location?: number | null } = {}) => ({
  is_superuser: false,
  user_location: null,
  facility: 1,
  facility_type: 'public' as const,
  programs_roles: roles.map((r) => ({ programs: 'Tuberculosis', roles: r })),
  ...extra,
});

describe('the consumables badges', () => {
  it('are the facility administrator’s only', () => {
    expect(keepsStock(user(['Admin']))).toBe(true);
    expect(keepsStock(user(['Supervisor', 'Admin']))).toBe(true);
    expect(keepsStock(user(['Supervisor', 'Analyst', 'Manager']))).toBe(false);
    expect(keepsStock(user([], { is_superuser: true }))).toBe(false);
    expect(keepsStock(user(['Admin'], { user_location: 2 }))).toBe(false);
    expect(keepsStock(null)).toBe(false);
  });

  it('count what the alerts tab counts, on the consumables page only, none when nothing waits', () => {
    const counts = { low_stock: 2, expiring_soon: 1, expired_with_stock: 1, uses_short: 0 };
    const alerts = consumableAlertTotal(counts);
    expect(alerts).toBe(4);
    expect(consumablesBadges({ alerts })).toEqual({ [CONSUMABLES_PATH]: 4 });
    expect(consumablesBadges({ alerts: 0 })).toEqual({});
    expect(consumablesBadges(undefined)).toEqual({});
    expect(consumablesBadges({ alerts })[RECEIVE_PATH]).toBeUndefined();
  });
});
