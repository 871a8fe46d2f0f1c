import type { AuthUser } from '@nlims/contracts';
import { useSession } from '../auth/useSession';

/** Roles that may issue a controlled document's new version (document control is a supervisor's or manager's act). */
const DOCUMENT_ROLES = new Set(['Supervisor', 'Manager', 'Admin']);

export function mayIssueDocuments(user: Pick<AuthUser, 'programs_roles'> | null): boolean {
  return !!user?.programs_roles.some((pr) => DOCUMENT_ROLES.has(pr.roles));
}

export function useMayIssueDocuments(): boolean {
  return mayIssueDocuments(useSession().user);
}
