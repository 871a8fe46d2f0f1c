import { GENERAL_ROLES, type GeneralPermission } from '@nlims/contracts';
import { useAccess } from '../../layout/useAccess';

/** Whether the current role may use a General-programme action; buttons it may not use are hidden (the server checks anyway). */
export function useCan(): (permission: GeneralPermission) => boolean {
  const { role, kind } = useAccess();
  return (permission) => kind === 'general' && role != null && (GENERAL_ROLES[permission] as readonly string[]).includes(role);
}
