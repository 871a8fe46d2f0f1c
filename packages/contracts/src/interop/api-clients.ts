import { z } from 'zod';
import { dbId } from '../input.js';

/**
 * What another system (an EMR, a reporting tool) may do through its API client: read results (the FHIR read and
 * search of its laboratory's data in its programmes) and post orders (transaction Bundles with a Task).
 */
export const API_SCOPES = ['results.read', 'orders.write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * The credential a system sends, as `Authorization: Bearer <secret>`: the secret begins with this prefix and carries
 * the client's public id (`nlk_<client_id>_<random>`), so the server finds the client by its id and compares digests.
 */
export const API_SECRET_PREFIX = 'nlk_';

/** `POST /api/api_client/`: a system's door, at the administrator's facility (the super admin names the facility). */
export const apiClientBody = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(100),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Choose among: ${API_SCOPES.join(', ')}.` }))
    .min(1, 'Choose at least one scope.')
    .max(API_SCOPES.length),
  /** Programme names the client may reach; each must be one the administrator administers (DESIGN §3). */
  programs: z.array(z.string().trim().min(1).max(100)).min(1, 'Choose at least one programme.').max(20),
  /** Only the super admin names a facility; an administrator's client is at its own. */
  facility: dbId().optional(),
});
export type ApiClientBody = z.infer<typeof apiClientBody>;

export const apiClientItem = z.object({
  id: z.number(),
  name: z.string(),
  client_id: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  scopes: z.array(z.string()),
  programs: z.array(z.string()),
  is_active: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiClientItem = z.infer<typeof apiClientItem>;

/** A create or a rotation: the item with its secret, shown this once and never again. */
export const apiClientWithSecret = apiClientItem.extend({ secret: z.string() });
export type ApiClientWithSecret = z.infer<typeof apiClientWithSecret>;
