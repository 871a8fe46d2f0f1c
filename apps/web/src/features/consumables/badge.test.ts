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

  it('count items low on stock on the stock page and lots expiring soon on the receiving page, none when nothing waits', () => {
    expect(consumablesBadges({ low_stock: 2, expiring_soon: 3 })).toEqual({ [CONSUMABLES_PATH]: 2, [RECEIVE_PATH]: 3 });
    expect(consumablesBadges({ low_stock: 0, expiring_soon: 1 })).toEqual({ [RECEIVE_PATH]: 1 });
    expect(consumablesBadges({ low_stock: 0, expiring_soon: 0 })).toEqual({});
    expect(consumablesBadges(undefined)).toEqual({});
  });
});
