import { z } from 'zod';
import { dbId } from './input.js';
import { ROLES } from './roles.js';

const text = (max: number) => z.string().trim().max(max).default('');
const optionalId = dbId().nullable().default(null);

export const programRoleInput = z.object({
  programs: z.string().trim().min(1, 'This field is required.'),
  roles: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}.` }),
});

/**
 * A new password's length (ASVS 5.0 V6.2: at least 8, passphrases welcome, no
 * composition rules). Whether it is guessable is the server's check, which
 * holds the common-password list.
 */
export const passwordRule = z.string().min(8, 'Ensure this field has at least 8 characters.').max(128, 'Ensure this field has no more than 128 characters.');

const userFields = {
  username: z
    .string()
    .trim()
    .min(3, 'Ensure this field has at least 3 characters.')
    .max(150)
    .regex(/^[\w.@+-]+$/, 'Letters, digits and @/./+/-/_ only.'),
  first_name: text(150),
  last_name: text(150),
  email: z.union([z.email('Enter a valid email address.'), z.literal('')]).default(''),
  department: text(150),
  /** Set by the super admin; a facility admin's users always belong to the admin's facility. */
  facility: optionalId,
  /** Tier users only: 1 federal, 2 state, 3 LGA, 4 other. */
  user_location: z.number().int().min(1).max(4).nullable().default(null),
  states: optionalId,
  lga: optionalId,
  programs_roles: z.array(programRoleInput).default([]),
  is_active: z.boolean().default(true),
};

/** `POST users/`: the authenticated-user fields of SPEC §3 plus a password. */
export const userCreateBody = z.object({ ...userFields, password: passwordRule });
/** `PUT/PATCH users/{id}/`: passwords change through `users/change_password/`. */
export const userUpdateBody = z.object(userFields);
export type UserCreateBody = z.infer<typeof userCreateBody>;

export const userItem = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  facility: z.number().nullable(),
  facility_name: z.string().nullable(),
  user_location: z.number().nullable(),
  states: z.number().nullable(),
  state_name: z.string().nullable(),
  lga: z.number().nullable(),
  lga_name: z.string().nullable(),
  is_active: z.boolean(),
  programs_roles: z.array(z.object({ programs: z.string(), roles: z.string() })),
  /** Whether the caller may edit this user, reset their password or disable them (DESIGN §3). */
  may_manage: z.boolean().optional(),
  last_login_at: z.date().nullable().or(z.string().nullable()),
  created_at: z.date().or(z.string()),
});
export type UserItem = z.infer<typeof userItem>;

/**
 * The programmes a facility administrator administers: those where it holds
 * the Admin role. It grants roles only in these, and manages only users whose
 * every role lies in them (DESIGN §3).
 */
export function administeredPrograms(held: readonly { programs: string; roles: string }[]): string[] {
  return held.filter((h) => h.roles === 'Admin').map((h) => h.programs);
}

/** Whether an administrator of `administered` may manage a user whose roles lie in `programs` (a user with no role: yes). */
export function mayAdminister(administered: readonly string[], programs: readonly string[]): boolean {
  return programs.every((p) => administered.includes(p));
}
