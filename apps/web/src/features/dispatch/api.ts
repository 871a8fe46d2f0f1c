import {
  FILTER_PREFIX,
  type Paginated,
  type referralDestinationsReply,
  type referralRoleReply,
  type referredSampleItem,
  SAMPLE_STATUS,
  type ShipmentAction,
  type ShipmentCreateBody,
  type ShipmentDetail,
  type ShipmentItem,
  type shipmentMoveBody,
  type shipmentReceiveBody,
  type shipmentReceiveReply,
  type SampleListItem,
} from '@nlims/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Programme } from '../clinical/programme';

const DISPATCH = ['dispatch'] as const;

export type Destination = z.infer<typeof referralDestinationsReply>[number];
export type ReferredSample = z.infer<typeof referredSampleItem>;
export type ReceiveBody = z.input<typeof shipmentReceiveBody>;
export type ReceiveReply = z.infer<typeof shipmentReceiveReply>;
export type Direction = 'outgoing' | 'incoming';

export interface CourierProvider {
  id: number;
  name: string;
  phone: string;
  is_active: boolean;
}

/** The testing laboratories the caller's facility may send a programme's samples to (its lab networks). */
export function useDestinations(program: string | undefined) {
  return useQuery({
    queryKey: [...DISPATCH, 'destinations', program],
    queryFn: ({ signal }) => api<Destination[]>('/api/referral_destination/', { query: { program }, signal }),
    enabled: !!program,
    staleTime: 5 * 60_000,
  });
}

/** Whether the caller's facility is a testing laboratory for the programme (it receives shipments). */
export function useReferralRole(program: string | undefined) {
  return useQuery({
    queryKey: [...DISPATCH, 'role', program],
    queryFn: ({ signal }) => api<z.infer<typeof referralRoleReply>>('/api/referral_role/', { query: { program }, signal }),
    enabled: !!program,
    staleTime: 5 * 60_000,
  });
}

export function useCouriers() {
  return useQuery({
    queryKey: [...DISPATCH, 'couriers'],
    queryFn: ({ signal }) => api<CourierProvider[]>('/api/courier_provider/', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** How many collected samples the sample step lists at once; others are found by their barcode. */
export const COLLECTED_PAGE = 100;

/** The programme's collected samples at the caller's facility, the ones a shipment may carry. */
export function useCollectedSamples(programme: Programme | null) {
  return useQuery({
    queryKey: [...DISPATCH, 'collected', programme?.name],
    queryFn: ({ signal }) =>
      api<Paginated<SampleListItem>>(`/api/${programme!.form}/`, {
        query: { program__name: programme!.name, [`${FILTER_PREFIX}status`]: SAMPLE_STATUS.COLLECTED, page: 1, page_size: COLLECTED_PAGE },
        signal,
      }),
    enabled: programme != null,
  });
}

/** One sample of the programme by its barcode, whatever its status (a scanned label not among the collected ones). */
export async function findByBarcode(programme: Programme, barcode: string): Promise<SampleListItem | null> {
  const found = await api<Paginated<SampleListItem>>(`/api/${programme.form}/`, {
    query: { program__name: programme.name, [`${FILTER_PREFIX}barcode`]: barcode, page: 1, page_size: 1 },
    notify: false,
  });
  return found.results[0] ?? null;
}

export interface ShipmentFilter {
  direction: Direction;
  status?: number;
  page: number;
}

export const SHIPMENT_PAGE = 20;

export function useShipments(filter: ShipmentFilter) {
  return useQuery({
    queryKey: [...DISPATCH, 'list', filter],
    queryFn: ({ signal }) =>
      api<Paginated<ShipmentItem>>('/api/shipment/', {
        query: { direction: filter.direction, status: filter.status, page: filter.page, page_size: SHIPMENT_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(id: number | null) {
  return useQuery({
    queryKey: [...DISPATCH, 'one', id],
    queryFn: ({ signal }) => api<ShipmentDetail>(`/api/shipment/${id}/`, { signal }),
    enabled: id != null,
  });
}

/** A saved shipment: its detail as the reply gives it, and every list asked again. */
function useSettle() {
  const client = useQueryClient();
  return (detail: ShipmentDetail) => {
    client.setQueryData([...DISPATCH, 'one', detail.id], detail);
    void client.invalidateQueries({ queryKey: [...DISPATCH, 'list'] });
    void client.invalidateQueries({ queryKey: [...DISPATCH, 'collected'] });
    void client.invalidateQueries({ queryKey: [...DISPATCH, 'referred'] });
  };
}

export function useCreateShipment() {
  const settle = useSettle();
  const client = useQueryClient();
  return useMutation({
    // The form shows the refusal by field: no notice as well.
    mutationFn: (body: ShipmentCreateBody) => api<ShipmentDetail>('/api/shipment/', { method: 'POST', body, notify: false }),
    onSuccess: settle,
    // A sample sent meanwhile (409) leaves the list of collected ones.
    onError: () => void client.invalidateQueries({ queryKey: [...DISPATCH, 'collected'] }),
  });
}

/** A move's body: its reason or note, when it happened (dispatch, deliver; now when absent), the rejection reason (reject). */
export type MoveBody = { action: ShipmentAction } & z.input<typeof shipmentMoveBody>;

export function useMoveShipment(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ action, ...body }: MoveBody) => api<ShipmentDetail>(`/api/shipment/${id}/${action}/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

export function useReceiveShipment(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: ReceiveBody) => api<ReceiveReply>(`/api/shipment/${id}/receive/`, { method: 'POST', body, notify: false }),
    onSuccess: settle,
  });
}

export const REFERRED_PAGE = 20;

export function useReferredSamples(page: number) {
  return useQuery({
    queryKey: [...DISPATCH, 'referred', page],
    queryFn: ({ signal }) => api<Paginated<ReferredSample>>('/api/referred_sample/', { query: { page, page_size: REFERRED_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shipment's manifest (A4 PDF); `download` makes it an attachment. */
export const manifestPath = (id: number, download = false) => `/api/shipment/${id}/manifest.pdf${download ? '?download=1' : ''}`;
