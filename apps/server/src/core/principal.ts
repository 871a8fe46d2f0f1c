import type { ApiScope, Role } from '@nlims/contracts';

/** Who is calling: what every authorisation decision on the server reads. */
export interface Principal {
  id: number;
  username: string;
  isSuperuser: boolean;
  isActive: boolean;
  facilityId: number | null;
  facilityType: string | null;
  userLocation: number | null;
  stateId: number | null;
  lgaId: number | null;
  roles: { program: string; programId: number; role: Role }[];
  /** The signed-in session the request's access token belongs to (null outside a request). */
  sessionId: string | null;
  /**
   * Set when the caller is another system through its API client, not a person: the client, its scopes and the
   * programmes it may reach at its facility (`facilityId`). Its `roles` are empty; `id` is the user who created it.
   */
  apiClient?: { id: number; name: string; scopes: readonly ApiScope[]; programIds: readonly number[] } | null;
}
