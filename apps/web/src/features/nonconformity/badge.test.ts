import { describe, expect, it } from 'vitest';
import { managesNcr } from './badge';

const user = (roles: string[], extra: { is_superuser?: boolean; user_location?: number | null } = {}) => ({
  is_superuser: false,
  user_location: null,
  facility: 1,
  facility_type: 'public' as const,
  programs_roles: roles.map((r) => ({ programs: 'General', roles: r })),
  ...extra,
});

describe('who sees the overdue actions on the sidebar', () => {
  it('the facility staff who follow reports up, in any programme', () => {
    expect(managesNcr(user(['Receptionist', 'Supervisor']))).toBe(true);
    expect(managesNcr(user(['Admin']))).toBe(true);
    expect(managesNcr(user(['Manager']))).toBe(true);
  });

  it('not the other staff, the super admin or a health official', () => {
    expect(managesNcr(user(['Receptionist', 'Analyst']))).toBe(false);
    expect(managesNcr(user([], { is_superuser: true }))).toBe(false);
    expect(managesNcr(user(['Supervisor'], { user_location: 2 }))).toBe(false);
    expect(managesNcr(null)).toBe(false);
  });
});
