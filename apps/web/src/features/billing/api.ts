import type {
  AdjustmentBody,
  BillingApproval,
  BillingDashboard,
  BillingHold,
  BillingSettings,
  InvoiceDetail,
  InvoiceItem,
  Paginated,
  PaymentBody,
  PaymentItem,
  PaymentTaken,
  RefundBody,
  TestPriceItem,
  invoiceListQuery,
  paymentListQuery,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { resourceKey } from '../resources/api';

const BILLING = ['billing'] as const;

export type InvoiceFilters = Partial<Omit<z.output<typeof invoiceListQuery>, 'page_size'>>;
export type PaymentFilters = Partial<Omit<z.output<typeof paymentListQuery>, 'page_size' | 'format'>>;
export const PAGE = 20;

export function useInvoices(filters: InvoiceFilters, enabled = true) {
  return useQuery({
    queryKey: [...BILLING, 'invoices', filters],
    queryFn: ({ signal }) => api<Paginated<InvoiceItem>>('/api/invoice/', { query: { ...filters, page_size: PAGE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: [...BILLING, 'invoice', id],
    queryFn: ({ signal }) => api<InvoiceDetail>(`/api/invoice/${id}/`, { signal, notify: false }),
    enabled: id != null && Number.isInteger(id) && id > 0,
  });
}

export function useApprovals() {
  return useQuery({
    queryKey: [...BILLING, 'approvals'],
    queryFn: ({ signal }) => api<BillingApproval[]>('/api/billing_approval/', { signal }),
  });
}

export function useBillingDashboard(period: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...BILLING, 'dashboard', period],
    queryFn: ({ signal }) => api<BillingDashboard>('/api/billing_dashboard/', { query: period, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(filters: PaymentFilters) {
  return useQuery({
    queryKey: [...BILLING, 'payments', filters],
    queryFn: ({ signal }) =>
      api<Paginated<PaymentItem> & { total_kobo: number }>('/api/payment/', { query: { ...filters, page_size: PAGE }, signal, notify: false }),
    placeholderData: keepPreviousData,
  });
}

/** The payment history as a file the server writes (CSV or XLSX), with the same filters. */
export function paymentsFilePath(filters: PaymentFilters, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams(
    Object.entries({ ...filters, page: undefined, format })
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return `/api/payment/?${query.toString()}`;
}

export function useCashiers() {
  return useQuery({
    queryKey: [...BILLING, 'cashiers'],
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>('/api/payment/cashiers/', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBillingSettings(enabled = true) {
  return useQuery({
    queryKey: [...BILLING, 'settings'],
    queryFn: ({ signal }) => api<BillingSettings>('/api/billing_settings/', { signal, notify: false }),
    enabled,
    staleTime: 60_000,
    // Whether results are held decides what the report buttons show: asked again when the server is busy.
    retry: 3,
  });
}

export function useSetHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hold_until_paid: boolean) => api<BillingSettings>('/api/billing_settings/', { method: 'PATCH', body: { hold_until_paid } }),
    onSuccess: (data) => {
      client.setQueryData([...BILLING, 'settings'], data);
      void client.invalidateQueries({ queryKey: [...BILLING, 'holds'] });
    },
  });
}

/** Every test's price in force, with the moment it took effect (the test-service page's "since"). */
export function useCurrentPrices(enabled = true) {
  return useQuery({
    // Under the test services' key: saving a price there reads the price list again.
    queryKey: [...resourceKey('facility_test_service'), 'prices'],
    queryFn: ({ signal }) => api<TestPriceItem[]>('/api/test_price/', { signal, notify: false }),
    enabled,
    staleTime: 30_000,
  });
}

/** The results held until paid: one sample's, or those of a page of lab numbers. */
export function useBillingHolds(by: { sample?: number; labNumbers?: readonly string[] }, enabled = true) {
  const labNumbers = by.labNumbers?.length ? [...by.labNumbers].sort().join(',') : undefined;
  return useQuery({
    queryKey: [...BILLING, 'holds', by.sample ?? null, labNumbers ?? null],
    queryFn: ({ signal }) => api<BillingHold[]>('/api/billing_hold/', { query: { sample: by.sample, lab_numbers: labNumbers }, signal, notify: false }),
    enabled: enabled && (by.sample != null || labNumbers != null),
    staleTime: 15_000,
    // A busy server's 503 must not make a hold vanish: the report buttons would show for a held result.
    retry: 3,
  });
}

/** After any move on an invoice: it, the lists, the dashboard, the approvals and the holds are read again. */
function useRefresh() {
  const client = useQueryClient();
  return (invoice?: InvoiceDetail) => {
    if (invoice) client.setQueryData([...BILLING, 'invoice', invoice.id], invoice);
    void client.invalidateQueries({ queryKey: BILLING, predicate: (q) => q.queryKey[1] !== 'invoice' || q.queryKey[2] !== invoice?.id });
  };
}

/** Take a payment; `key` is the Idempotency-Key kept by the dialog, so a retry after a lost reply is not taken twice. */
export function useTakePayment(invoiceId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) =>
      api<PaymentTaken>(`/api/invoice/${invoiceId}/payment/`, { method: 'POST', body, idempotencyKey: key, notify: false }),
    onSuccess: (taken) => refresh(taken.invoice),
  });
}

export function useRequestAdjustment(invoiceId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AdjustmentBody) => api<InvoiceDetail>(`/api/invoice/${invoiceId}/adjustment/`, { method: 'POST', body, notify: false }),
    onSuccess: refresh,
  });
}

export function useRequestRefund(invoiceId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RefundBody) => api<InvoiceDetail>(`/api/invoice/${invoiceId}/refund/`, { method: 'POST', body, notify: false }),
    onSuccess: refresh,
  });
}

export type DecisionTarget = { type: 'adjustment' | 'refund'; id: number };

/** Approve or decline a discount, waiver or refund. */
export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ target, approve, note }: { target: DecisionTarget; approve: boolean; note: string }) =>
      api<InvoiceDetail>(`/api/${target.type === 'adjustment' ? 'invoice_adjustment' : 'refund'}/${target.id}/${approve ? 'approve' : 'decline'}/`, {
        method: 'POST',
        body: { note },
        notify: false,
      }),
    onSuccess: refresh,
  });
}

/** A receipt's PDF path. */
export const receiptPath = (paymentId: number) => `/api/payment/${paymentId}/receipt.pdf`;
