import { accessContext, findPage, landingAfterLogin, landingForProgram, type AuthUser } from '@nlims/contracts';

export { landingAfterLogin, PATHS } from '@nlims/contracts';

/**
 * Staff (not admin, super admin or tier user) must pick a programme they hold
 * a role in before using the app.
 */
export function needsProgram(user: AuthUser, program: string | null): boolean {
  const ctx = accessContext(user, program);
  return !ctx.superuser && !ctx.admin && ctx.tier == null && ctx.role == null;
}

/** The user's landing page: "go home" target and the place to go after sign-in. */
export function homePath(user: AuthUser | null, program: string | null): string {
  if (!user) return '/';
  if (program && !needsProgram(user, program)) return landingForProgram(user, program);
  return landingAfterLogin(user);
}

/** A remembered page is only worth returning to if this user may open it. */
export function allowedTarget(user: AuthUser, program: string | null, target: string | undefined): string | null {
  if (!target) return null;
  const page = findPage(target);
  return page?.allow(accessContext(user, program)) ? target : null;
}
