import type { Role } from '@nlims/contracts';

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
}
