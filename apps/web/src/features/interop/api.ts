import type { ApiClientBody, ApiClientItem, ApiClientWithSecret, ElectronicRequestItem, Paginated } from '@nlims/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const CLIENTS = ['interop', 'api-clients'] as const;
const REQUESTS = ['interop', 'electronic-requests'] as const;

export function useApiClients() {
  return useQuery({ queryKey: CLIENTS, queryFn: ({ signal }) => api<ApiClientItem[]>('/api/api_client/', { signal }) });
}

export function useCreateApiClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiClientBody) => api<ApiClientWithSecret>('/api/api_client/', { method: 'POST', body, notify: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useApiClientAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'revoke' | 'rotate' }) =>
      api<ApiClientItem | ApiClientWithSecret>(`/api/api_client/${id}/${action}/`, { method: 'POST', body: {} }),
    onSuccess: () => void client.invalidateQueries({ queryKey: CLIENTS }),
  });
}

export function useElectronicRequests(program: string, enabled = true) {
  return useQuery({
    queryKey: [...REQUESTS, program],
    queryFn: ({ signal }) =>
      api<Paginated<ElectronicRequestItem>>('/api/electronic_request/', { query: { program__name: program, status: 'requested' }, signal, notify: false }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useDecideRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'accept' | 'reject'; reason?: string }) =>
      api<ElectronicRequestItem>(`/api/electronic_request/${id}/${decision}/`, {
        method: 'POST',
        body: decision === 'reject' ? { reason } : {},
        notify: false,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: REQUESTS });
      // The accepted request is now an order among the programme's samples.
      void client.invalidateQueries();
    },
  });
}
