/** Roles a user holds per programme (SPEC §6). */
export const ROLES = ['Admin', 'Manager', 'Supervisor', 'Analyst', 'Data Clerk', 'Receptionist', 'Data Analyst'] as const;
export type Role = (typeof ROLES)[number];

/** Labels that are not programme roles but are shown in the header. */
export const SUPER_ADMIN_LABEL = 'Global Admin';

export const FACILITY_TYPES = ['public', 'private', 'clinical'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

export const FACILITY_TIERS = ['Primary', 'Secondary', 'Reference', 'Research', 'Tertiary'] as const;
export type FacilityTier = (typeof FACILITY_TIERS)[number];

/** user_location: 1 federal, 2 state, 3 LGA, 4 other (SPEC §3). */
export const USER_LOCATIONS = { 1: 'Federal', 2: 'State', 3: 'LGA', 4: 'Other' } as const;
export type UserLocation = keyof typeof USER_LOCATIONS;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
