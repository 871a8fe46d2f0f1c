import { isTierUser, roleLabel, type AuthUser } from '@nlims/contracts';
import type { TFunction } from 'i18next';

/** Catalog keys for the labels `roleLabel` produces. */
const ROLE_KEYS: Record<string, string> = {
  'Global Admin': 'role.globalAdmin',
  Admin: 'role.admin',
  Manager: 'role.manager',
  Supervisor: 'role.supervisor',
  Analyst: 'role.analyst',
  'Data Clerk': 'role.dataClerk',
  Receptionist: 'role.receptionist',
  'Data Analyst': 'role.dataAnalyst',
};

/** A role name, in the interface language when it is one of the known roles. */
export function roleName(t: TFunction, role: string): string {
  const key = ROLE_KEYS[role];
  return key ? t(key) : role;
}

/** A programme's name in the interface language (pass the `app` namespace's t); names it does not know show as stored. */
export function programName(t: TFunction, name: string): string {
  return t(`program.${name}`, { defaultValue: name });
}

/**
 * The header's role label (contracts `roleLabel`) in the interface language.
 * Tier labels ("State Tier User") are whole phrases per level, since word
 * order differs between languages.
 */
export function roleText(t: TFunction, user: AuthUser, program: string | null): string {
  if (isTierUser(user)) return t(`role.tier.${user.user_location}`);
  return roleName(t, roleLabel(user, program));
}

/** Where the user works: the facility, or for tier users their state, LGA or the nation. */
export function placeName(t: TFunction, user: AuthUser): string {
  if (!isTierUser(user)) return user.facility_name ?? '';
  if (user.user_location === 3) return [user.lga_name, user.state_name].filter(Boolean).join(', ');
  if (user.user_location === 2) return user.state_name ?? '';
  if (user.user_location === 1) return t('layout.nigeria');
  return user.user_location_name ?? '';
}
