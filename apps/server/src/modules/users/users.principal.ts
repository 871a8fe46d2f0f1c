import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/db.js';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';

export type { Principal };

interface PrincipalRow {
  id: number;
  username: string;
  is_superuser: boolean;
  is_active: boolean;
  facility_id: number | null;
  facility_type: string | null;
  user_location: number | null;
  state_id: number | null;
  lga_id: number | null;
  roles: Principal['roles'] | null;
  session_live: boolean | null;
}

/**
 * The caller in ONE round trip (it runs on every request): the user, the
 * facility type, the roles per programme, and — given a session — whether that
 * session is still open. A revoked session or a missing user gives null.
 */
export async function loadPrincipal(db: Tx, userId: number, sessionId: string | null = null): Promise<Principal | null> {
  const result = await db.execute(sql`
    select u.id, u.username, u.is_superuser, u.is_active, u.facility_id, f.facility_type, u.user_location, u.state_id, u.lga_id,
      (select json_agg(json_build_object('program', p.name, 'programId', p.id, 'role', r.role) order by p.id)
         from user_program_roles r join programs p on p.id = r.program_id where r.user_id = u.id) as roles,
      ${sessionId ? sql`exists (select 1 from sessions s where s.id = ${sessionId}::uuid and s.user_id = u.id and s.revoked_at is null)` : sql`true`} as session_live
    from users u left join facilities f on f.id = u.facility_id
    where u.id = ${userId}`);
  const row = (result as unknown as { rows: PrincipalRow[] }).rows[0];
  if (!row?.session_live) return null;
  return {
    id: row.id,
    username: row.username,
    isSuperuser: row.is_superuser,
    isActive: row.is_active,
    facilityId: row.facility_id,
    facilityType: row.facility_type,
    userLocation: row.user_location,
    stateId: row.state_id,
    lgaId: row.lga_id,
    roles: row.roles ?? [],
    sessionId,
  };
}

export const isFacilityAdminPrincipal = (p: Principal) => !p.isSuperuser && p.roles.some((r) => r.role === 'Admin');

/** The caller's facility when the caller is one of its staff (any role there); 403 with `refusal` for the super admin and the tier users. */
export function staffFacilityOf(p: Principal, refusal: string): number {
  if (p.isSuperuser || p.facilityId == null || !p.roles.length) throw forbidden(refusal);
  return p.facilityId;
}
