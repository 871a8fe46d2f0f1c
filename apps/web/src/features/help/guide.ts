import type { AccessContext, Role } from '@nlims/contracts';

/** Whose guide the help page gives: the super admin's, an official's, a facility administrator's, or a staff role's. */
export type Guide = 'superAdmin' | 'official' | 'facilityAdmin' | 'manager' | 'supervisor' | 'analyst' | 'dataClerk' | 'receptionist' | 'dataAnalyst' | 'staff';

const BY_ROLE: Record<Exclude<Role, 'Admin'>, Guide> = {
  Manager: 'manager',
  Supervisor: 'supervisor',
  Analyst: 'analyst',
  'Data Clerk': 'dataClerk',
  Receptionist: 'receptionist',
  'Data Analyst': 'dataAnalyst',
};

/** The guide for who is looking: the role held in the chosen programme; an administrator without one, the administrator's. */
export function guideOf(ctx: AccessContext): Guide {
  if (ctx.superuser) return 'superAdmin';
  if (ctx.tier != null) return 'official';
  if (ctx.role === 'Admin' || (ctx.admin && ctx.role == null)) return 'facilityAdmin';
  return ctx.role ? BY_ROLE[ctx.role] : 'staff';
}

/** The day's steps of every guide, in order (`guide.<guide>.step<n>`). */
export const GUIDE_STEPS = [1, 2, 3, 4] as const;

/** Whom a user reports a problem to: the facility's administrators when a facility administers the user, else the system's. */
export function reportTo(ctx: AccessContext): 'facility' | 'system' {
  return ctx.superuser || ctx.tier != null || ctx.role === 'Admin' || (ctx.admin && ctx.role == null) ? 'system' : 'facility';
}
