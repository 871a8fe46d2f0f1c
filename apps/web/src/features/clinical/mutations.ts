import type { ResultBody } from '@nlims/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useNotices } from '../app/notices';
import { CLINICAL } from './keys';
import type { Client, OrderCreated, OrderDetail } from './types';

/**
 * A write that changes workflow state; afterwards every clinical read is
 * refetched (lists, details, badges). Saves say "Operation successfully"
 * (SPEC §8) unless the page words its own message.
 */
function useClinicalMutation<A, R>(run: (args: A) => Promise<R>, notice = true) {
  const client = useQueryClient();
  const { message } = useNotices();
  const { t } = useTranslation('clinical');
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (notice) void message.success(t('common.saved'));
      return client.invalidateQueries({ queryKey: CLINICAL });
    },
  });
}

export const useCreateClient = () => useClinicalMutation((body: Record<string, unknown>) => api<Client>('/api/clients/', { body }));
export const useCreateOrder = () => useClinicalMutation((body: Record<string, unknown>) => api<OrderCreated>('/api/general_order/', { body }));
export const useCompleteEntry = () => useClinicalMutation((body: Record<string, unknown>) => api<OrderDetail>('/api/general_order/complete_entry/', { body }));

export type SampleMove = 'collect' | 'accept' | 'reject' | 'hold' | 'release' | 'cancel';
export const useSampleMove = () =>
  useClinicalMutation(({ id, action, body = {} }: { id: number; action: SampleMove; body?: object }) =>
    api<OrderDetail>(`/api/general_order/${id}/${action}/`, { body }),
  );

export const useEnterResult = () =>
  useClinicalMutation(
    (body: Partial<ResultBody>) => api<{ id: number; status: number; flag: string | null; version: number }>('/api/results/', { body }),
    false,
  );

export type ReviewMove = 'verify' | 'approve' | 'reject' | 'retest';
/** Verify or approve many results in one request (all or nothing); reject and retest go one by one. */
export const useReview = () =>
  useClinicalMutation(
    ({ action, ids, body = {} }: { action: ReviewMove; ids: number[]; body?: object }) =>
      action === 'verify' || action === 'approve'
        ? api<{ ids: number[] }>(`/api/results/${action}/`, { body: { ids, ...body } })
        : api<{ ids: number[] }>(`/api/results/${ids[0]}/${action}/`, { body }),
    false,
  );

export const useAmend = () =>
  useClinicalMutation(({ id, body }: { id: number; body: object }) =>
    api<{ id: number; version: number; flag: string | null }>(`/api/results/${id}/amend/`, { body }),
  );
