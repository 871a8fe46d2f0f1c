import type { CriticalAckBody, CriticalAlertItem, NotificationSettingBody, NotificationSettingItem, OutboxPage, OutboxStatus } from '@nlims/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CLINICAL } from '../clinical/keys';

const OUTBOX = ['notifications', 'outbox'] as const;
const SETTINGS = ['notifications', 'settings'] as const;
/** A clinical read: entering a result (a critical one raises an alert) refreshes it with the rest of the workflow. */
const CRITICAL = [...CLINICAL, 'critical-alerts'] as const;

export function useOutbox(query: { status?: OutboxStatus; page: number; search?: string }) {
  return useQuery({
    queryKey: [...OUTBOX, query],
    queryFn: ({ signal }) => api<OutboxPage>('/api/notifications/outbox/', { query: { ...query, page_size: 20 }, signal }),
    // Messages move on their own (sent, delivered, retried): the page follows them.
    refetchInterval: 30_000,
  });
}

export function useResend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ detail: string }>(`/api/notifications/outbox/${id}/resend/`, { method: 'POST', body: {} }),
    onSuccess: () => void client.invalidateQueries({ queryKey: OUTBOX }),
  });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: SETTINGS, queryFn: ({ signal }) => api<NotificationSettingItem[]>('/api/notifications/settings/', { signal }) });
}

export function useSaveNotificationSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingBody) => api<NotificationSettingItem[]>('/api/notifications/settings/', { method: 'PUT', body }),
    onSuccess: (settings) => client.setQueryData(SETTINGS, settings),
  });
}

export function useCriticalAlerts(query: { sample?: number; open?: '0' | '1' }, enabled = true) {
  return useQuery({
    queryKey: [...CRITICAL, query],
    queryFn: ({ signal }) => api<CriticalAlertItem[]>('/api/critical_alerts/', { query, signal, notify: false }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useAcknowledgeCritical() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CriticalAckBody }) =>
      api<CriticalAlertItem>(`/api/critical_alerts/${id}/acknowledge/`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: CRITICAL }),
  });
}
