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

/** The header's role label (contracts `roleLabel`), in the interface language. */
export function roleText(t: TFunction, user: AuthUser, program: string | null): string {
  const label = roleLabel(user, program);
  if (isTierUser(user)) return t('role.tierUser', { location: user.user_location_name ?? '' }).trim();
  const key = ROLE_KEYS[label];
  return key ? t(key) : label;
}

/** A role name held in a programme, translated when it is one of the known roles. */
export function roleName(t: TFunction, role: string): string {
  const key = ROLE_KEYS[role];
  return key ? t(key) : role;
}

/** Where the user works: facility name, or the state / LGA for tier users. */
export function placeName(user: AuthUser): string {
  if (!isTierUser(user)) return user.facility_name ?? '';
  if (user.user_location === 3) return user.lga_name ?? user.state_name ?? user.user_location_name ?? '';
  if (user.user_location === 2) return user.state_name ?? user.user_location_name ?? '';
  return user.user_location_name ?? '';
}
