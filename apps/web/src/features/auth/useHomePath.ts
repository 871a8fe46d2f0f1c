import { homePath } from './home';
import { useSession } from './useSession';

/** Where "go home" leads: the user's landing page, or the public home page when signed out. */
export function useHomePath(): string {
  const { token, user, program } = useSession();
  return token && user ? homePath(user, program) : '/';
}
