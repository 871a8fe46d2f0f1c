import type { ResultBody } from '@nlims/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useNotices } from '../../shared/notices';
import { CLINICAL } from './keys';
import type { Programme } from './programme';
import type { Client, OrderCreated, OrderDetail } from './types';

const formPath = (programme: Programme, rest = '') => `/api/${programme.form}/${rest}`;
/** The programme in a create's body: public_health_sample/ serves eleven programmes (the server checks the others agree). */
const withProgram = (programme: Programme, body: Record<string, unknown>) => ({ ...body, program: programme.name });

/**
 * A write that changes workflow state; afterwards every clinical read is
 * refetched (lists, details, badges). Saves say "Operation successfully"
 * (SPEC §8) unless the page words its own message.
 */
export function useClinicalMutation<A, R>(run: (args: A) => Promise<R>, notice = true) {
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
export const useCreateOrder = (programme: Programme) =>
  useClinicalMutation((body: Record<string, unknown>) => api<OrderCreated>(formPath(programme), { body: withProgram(programme, body) }));
export const useCompleteEntry = (programme: Programme) =>
  useClinicalMutation((body: Record<string, unknown>) => api<OrderDetail>(formPath(programme, 'complete_entry/'), { body: withProgram(programme, body) }));

export type SampleMove = 'collect' | 'accept' | 'reject' | 'hold' | 'release' | 'cancel';
export const useSampleMove = (programme: Programme) =>
  useClinicalMutation(({ id, action, body = {} }: { id: number; action: SampleMove; body?: object }) =>
    api<OrderDetail>(formPath(programme, `${id}/${action}/`), { body }),
  );

/** One move on many samples at once (`POST {form}/{verb}/ {ids}`), all or nothing. */
export const useBulkSampleMove = (programme: Programme) =>
  useClinicalMutation(({ ids, action, body = {} }: { ids: number[]; action: SampleMove; body?: object }) =>
    api<{ ids: number[] }>(formPath(programme, `${action}/`), { body: { ids, ...body } }),
  );

/** TB: the next tests of the national algorithm (LPA, culture, DST) on a new sample of the same order; 409 when nothing is due or they are already ordered. */
export const useFollowOn = (programme: Programme) =>
  useClinicalMutation((sampleId: number) => api<OrderCreated>(formPath(programme, `${sampleId}/follow_on/`), { body: {} }), false);

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
