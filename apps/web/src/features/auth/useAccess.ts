import { accessContext, type AccessContext } from '@nlims/contracts';
import { useMemo } from 'react';
import { useSession } from './useSession';

const NOBODY: AccessContext = { superuser: false, tier: null, admin: false, role: null, program: null, kind: null, facilityType: null };

/** Who is looking, for the sidebar and the route guard. */
export function useAccess(): AccessContext {
  const { user, program } = useSession();
  return useMemo(() => (user ? accessContext(user, program) : NOBODY), [user, program]);
}
