import { familyOf, mayMergeClients, type ProgramForm, roleMay } from '@nlims/contracts';
import { useMemo } from 'react';
import { useSession } from '../auth/useSession';

/**
 * What the signed-in user may do with clients, over all their programmes
 * (clients are shared by a facility's programmes); the server checks anyway.
 */
export function useClientAccess() {
  const { user } = useSession();
  return useMemo(() => {
    const held = (user?.programs_roles ?? []).map((pr) => ({ program: pr.programs, role: pr.roles }));
    return {
      /** Register and edit clients: an ordering role in some programme. */
      edit: held.some((h) => roleMay(h.role, h.program, 'order')),
      /** Merge two records of one person: a supervisor (irreversible). */
      merge: mayMergeClients(held),
      /** The wire forms whose samples the user may read (General's, TB's…): the client's orders and results, per form. */
      orderForms: [...new Set(held.filter((h) => roleMay(h.role, h.program, 'read')).map((h) => familyOf(h.program).form))] as ProgramForm[],
    };
  }, [user]);
}
