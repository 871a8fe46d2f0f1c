import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearSessionCache } from '../lookups/sessionCache';
import { deleteRow, fetchAll, fetchPage, resourceKey, saveRow, type ListParams } from './api';
import type { LookupSpec, Values } from './types';

/** One page of a resource; the previous page stays on screen while the next loads. */
export function usePage(path: string, params: ListParams) {
  return useQuery({
    queryKey: [...resourceKey(path), 'page', params],
    queryFn: ({ signal }) => fetchPage(path, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Options of a look-up select; waits for the field it depends on. */
export function useLookupRows(spec: LookupSpec | undefined, dependency?: unknown) {
  const query: Record<string, string | number | undefined> = { ...spec?.query };
  if (spec?.dependsOn) query[spec.dependsOn.param] = dependency == null ? undefined : String(dependency);
  const waiting = !spec || (spec.dependsOn != null && dependency == null);
  return useQuery({
    queryKey: [...resourceKey(spec?.path ?? ''), 'all', query],
    queryFn: ({ signal }) => fetchAll(spec!.path, query, signal),
    enabled: !waiting,
    staleTime: 5 * 60_000,
  });
}

/**
 * Create or update a row, then refresh everything read from that resource.
 * The session-cached look-ups are built from these lists, so they are
 * fetched again too.
 */
export function useSave(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: Values; id?: number }) => saveRow(path, body, id),
    onSuccess: () => {
      clearSessionCache();
      void client.invalidateQueries({ queryKey: ['session'] });
      return client.invalidateQueries({ queryKey: resourceKey(path) });
    },
  });
}

/** Delete a row, then refresh the resource's lists. */
export function useRemove(path: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteRow(path, id), onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }) });
}

/** A write that is not a plain save (disable/enable, reset password); refreshes the resource afterwards. */
export function useAction<TArgs>(path: string, run: (args: TArgs) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: resourceKey(path) }) });
}
