import { readFileSync } from 'node:fs';
import type { HelpContact, HelpReply } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../core/db.js';
import type { Principal } from '../users/users.service.js';

/** The product's version: the server's package, read once. */
export const PRODUCT_VERSION: string = (() => {
  try {
    return String(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version ?? '');
  } catch {
    return '';
  }
})();

const contactName = sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)`;

/** The active administrators of one facility (a role of Admin in some programme), the caller left out. */
async function facilityAdministrators(db: Db, facility: number, caller: number): Promise<HelpContact[]> {
  return rowsOf<HelpContact>(
    await db.execute(sql`
      select ${contactName} as name, u.username, u.email
      from users u
      where u.facility_id = ${facility} and u.is_active and not u.is_superuser and u.id <> ${caller}
        and exists (select 1 from user_program_roles r where r.user_id = u.id and r.role = 'Admin')
      order by 1, u.username`),
  );
}

/** The active super administrators, the caller left out. */
async function systemAdministrators(db: Db, caller: number): Promise<HelpContact[]> {
  return rowsOf<HelpContact>(
    await db.execute(sql`
      select ${contactName} as name, u.username, u.email
      from users u
      where u.is_superuser and u.is_active and u.id <> ${caller}
      order by 1, u.username`),
  );
}

/**
 * Who the caller asks for help, and the version. A facility's people: their facility (its address, phone and e-mail)
 * and its administrators — the caller's own facility's only. A facility's administrator, an official and the super
 * admin also the super administrators, who create and reset their accounts.
 */
export async function helpFor(db: Db, p: Principal): Promise<HelpReply> {
  const member = !p.isSuperuser && p.facilityId != null;
  const administersFacility = member && p.roles.some((r) => r.role === 'Admin');
  const [facility] = member
    ? rowsOf<NonNullable<HelpReply['facility']>>(
        await db.execute(sql`select f.facility_name as name, f.phone, f.email, f.address from facilities f where f.id = ${p.facilityId}`),
      )
    : [];
  return {
    facility: facility ?? null,
    facility_administrators: member ? await facilityAdministrators(db, p.facilityId!, p.id) : [],
    system_administrators: !member || administersFacility ? await systemAdministrators(db, p.id) : [],
    version: PRODUCT_VERSION,
  };
}
