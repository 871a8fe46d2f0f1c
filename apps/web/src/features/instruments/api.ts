import type { MessageDetail, MessageItem, Paginated, UnmatchedItem, instrumentMachine, unmatchedCandidate } from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';

export type InstrumentMachine = z.infer<typeof instrumentMachine>;
export type MatchCandidate = z.infer<typeof unmatchedCandidate>;
const KEY = ['instruments'] as const;
type Query = Record<string, string | number | undefined>;

export function useInstrumentMachines() {
  return useQuery({ queryKey: [...KEY, 'machines'], queryFn: ({ signal }) => api<InstrumentMachine[]>('/api/instrument_machine/', { signal }) });
}

export function useUnmatched(query: Query) {
  return useQuery({
    queryKey: [...KEY, 'unmatched', query],
    queryFn: ({ signal }) => api<Paginated<UnmatchedItem>>('/api/instrument_unmatched/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(query: Query) {
  return useQuery({
    queryKey: [...KEY, 'messages', query],
    queryFn: ({ signal }) => api<Paginated<MessageItem>>('/api/instrument_message/', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMessage(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'message', id],
    queryFn: ({ signal }) => api<MessageDetail>(`/api/instrument_message/${id}/`, { signal }),
    enabled: id != null,
  });
}

export function useCandidates(barcode: string) {
  return useQuery({
    queryKey: [...KEY, 'candidates', barcode],
    queryFn: ({ signal }) => api<MatchCandidate[]>('/api/instrument_unmatched/candidates/', { query: { barcode }, signal }),
    enabled: barcode.trim().length > 0,
  });
}

export function useResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: 'match' | 'discard'; body: object }) =>
      api<UnmatchedItem>(`/api/instrument_unmatched/${id}/${action}/`, { method: 'POST', body, notify: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
