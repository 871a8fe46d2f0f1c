import type { AuthUser } from '@nlims/contracts';
import { Navigate } from 'react-router';
import { homePath } from './home';

/** Straight on to the signed-in user's landing page (loaded apart, so the sign-in page carries no programme rules). */
export default function GoHome({ user, program }: { user: AuthUser; program: string | null }) {
  return <Navigate to={homePath(user, program)} replace />;
}
