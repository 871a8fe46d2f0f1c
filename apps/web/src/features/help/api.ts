import type { HelpReply } from '@nlims/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Who to ask for help (the caller's own facility's administrators, the system's where they administer the caller) and the version. */
export function useHelp() {
  return useQuery({
    queryKey: ['help'],
    queryFn: ({ signal }) => api<HelpReply>('/api/help/', { signal }),
    staleTime: 10 * 60_000,
  });
}
