import { forbidden } from '../../core/errors.js';
import type { Principal } from '../users/users.service.js';

/**
 * Who may use the DHIS2 export: the super admin alone — the mappings, the org units, the server and its password,
 * the preview, the downloads, the sends and their history. The payload carries each facility's counts of cases as
 * they are (no small-number suppression: DHIS2 needs the true figures), which the officials' dashboards show only
 * as "< 5" below state level, so no tier user reads it; facility staff report through their own dashboards.
 */
export function requireDhis2Admin(p: Principal): void {
  if (!p.isSuperuser) throw forbidden('Only the super admin reports to DHIS2.');
}
