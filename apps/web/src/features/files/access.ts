import { mayControlDocuments } from '@nlims/contracts';
import { useSession } from '../auth/useSession';

/** Whether the signed-in user may issue a controlled document or its new version (a role the server checks the same way). */
export function useMayIssueDocuments(): boolean {
  const user = useSession().user;
  return !!user && mayControlDocuments(user.programs_roles.map((pr) => pr.roles));
}
