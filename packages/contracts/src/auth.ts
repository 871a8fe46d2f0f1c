import { z } from 'zod';
import { FACILITY_TYPES } from './roles.js';
import { passwordRule } from './users.js';

/** Messages shown on the sign-in form and sent back by the API for missing fields. */
export const LOGIN_MESSAGES = {
  username: 'The input is not valid username!',
  password: 'Please input your Password!',
} as const;

export const loginRequest = z.object({
  username: z.string({ error: LOGIN_MESSAGES.username }).trim().min(1, LOGIN_MESSAGES.username).max(150),
  password: z.string({ error: LOGIN_MESSAGES.password }).min(1, LOGIN_MESSAGES.password).max(256),
  /** Remember-me: a long-lived, sliding refresh token instead of a browser-session one. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ token: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh: z.string().min(1) });
/**
 * Sign-out ends the caller's own session (the one of the Bearer token). A
 * refresh token may be sent too; it must be of that same session.
 */
export const logoutRequest = z.object({ refresh: z.string().min(1).max(512).optional() });

export const changePasswordRequest = z.object({
  username: z.string().trim().min(1).max(150),
  password: passwordRule,
  /** Required when users change their own password. */
  old_password: z.string().max(256).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const programRole = z.object({ programs: z.string(), roles: z.string() });
export type ProgramRole = z.infer<typeof programRole>;

/** The authenticated user (SPEC §3), as `GET /api/users/me/` returns it. */
export const authUser = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_superuser: z.boolean(),
  facility: z.number().nullable(),
  facility_name: z.string().nullable(),
  facility_code: z.string().nullable(),
  facility_type: z.enum(FACILITY_TYPES).nullable(),
  facility_address: z.string().nullable(),
  facility_lga: z.string().nullable(),
  facility_state: z.string().nullable(),
  programs_roles: z.array(programRole),
  /** The programmes the user's facility runs (empty for tier users and the super admin). */
  facility_programs: z.array(z.string()),
  user_location: z.number().int().min(1).max(4).nullable(),
  user_location_name: z.string().nullable(),
  states: z.number().nullable(),
  state_name: z.string().nullable(),
  lga: z.number().nullable(),
  lga_name: z.string().nullable(),
  department: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const detailReply = z.object({ detail: z.string() });
/** DRF-style validation error body: field name → messages. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;
