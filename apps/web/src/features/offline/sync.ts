import type { OfflineDevice, OfflineReference, OfflineRegistrationReply } from '@nlims/contracts';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { type OfflineRecord, putRecord, recordsOf, saveDevice, saveReference } from './store';

/** How often waiting records are tried while the page is open (besides on reconnecting and on demand). */
export const SYNC_INTERVAL_MS = 60_000;

/** The reason a refusal is shown with: the server's code (or `signed_out`, `invalid`) and its words. */
function reasonOf(error: ApiError): OfflineRecord['reason'] {
  const body = (error.body ?? {}) as { code?: string; detail?: string; client?: Record<string, unknown> };
  if (error.status === 401) return { code: 'signed_out', detail: error.detail ?? '' };
  if (error.status === 400)
    return {
      code: 'invalid',
      detail: Object.values(error.fieldErrors ?? {})
        .flat()
        .join(' '),
    };
  return { code: body.code ?? `http_${error.status}`, detail: body.detail ?? error.message, ...(body.client ? { client: body.client } : {}) };
}

/** A refusal the user must act on; anything else (no connection, a busy or failing server, a key still in use) is tried again later. */
const needsAttention = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 400 ||
    error.status === 401 ||
    error.status === 403 ||
    error.status === 404 ||
    (error.status === 409 && !!(error.body as { code?: string })?.code));

/** Send one record with its own id as the Idempotency-Key: a retry after a lost reply gets the first reply back. */
export async function sendRecord(record: OfflineRecord): Promise<OfflineRecord> {
  await putRecord({ ...record, state: 'sending' });
  try {
    const reply = await api<OfflineRegistrationReply>('/api/offline/registrations/', {
      method: 'POST',
      body: record.payload,
      idempotencyKey: record.id,
      notify: false,
    });
    const sent: OfflineRecord = { ...record, state: 'sent', reason: null, reply, attempts: record.attempts + 1 };
    await putRecord(sent);
    return sent;
  } catch (error) {
    const next: OfflineRecord = needsAttention(error)
      ? { ...record, state: 'attention', reason: reasonOf(error as ApiError), attempts: record.attempts + 1 }
      : { ...record, state: 'waiting', attempts: record.attempts + 1 };
    await putRecord(next);
    return next;
  }
}

let running: Promise<void> | null = null;

/**
 * Send the user's waiting records one after another (one run at a time per
 * page). A record left "sending" by a reload or a lost reply is waiting again.
 */
export function syncRecords(user: string): Promise<void> {
  running ??= (async () => {
    try {
      for (const record of await recordsOf(user)) {
        if (record.state !== 'waiting' && record.state !== 'sending') continue;
        if (!navigator.onLine) break;
        await sendRecord(record);
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/** A record the user confirmed or corrected goes back to the queue. */
export async function retryRecord(record: OfflineRecord, payload = record.payload): Promise<void> {
  await putRecord({ ...record, payload, state: 'waiting', reason: null });
}

/** Register this device for the user (once), and take a fresh copy of what the forms need. */
export async function prepareDevice(user: string, hasDevice: boolean): Promise<void> {
  if (!hasDevice) {
    const device = await api<OfflineDevice>('/api/offline/devices/', { method: 'POST', body: { label: navigator.userAgent.slice(0, 100) }, notify: false });
    await saveDevice({ user, prefix: device.prefix, counter: 0 });
  }
  await saveReference(user, await api<OfflineReference>('/api/offline/reference/', { notify: false }));
}
