import type { OfflineReference, OfflineRegistrationBody, OfflineRegistrationReply } from '@nlims/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Where a record stands: kept on the device, on its way, registered, or refused with the server's reason. */
export type RecordState = 'waiting' | 'sending' | 'sent' | 'attention';

export interface OfflineRecord {
  /** Made on the device; also the Idempotency-Key it is sent with, every time. */
  id: string;
  /** The user who registered it (a device may be shared; each sees and sends their own). */
  user: string;
  state: RecordState;
  /** The server's reason when it needs attention: its machine code (client_changed, signed_out…) and detail. */
  reason: { code: string; detail: string; client?: Record<string, unknown> } | null;
  payload: OfflineRegistrationBody;
  /** What the pages show without reading the payload: the client's name. */
  clientName: string;
  created: string;
  attempts: number;
  reply: OfflineRegistrationReply | null;
}

export interface OfflineDeviceState {
  user: string;
  prefix: string;
  /** The last counter used for a provisional number. */
  counter: number;
}

interface OfflineDb extends DBSchema {
  records: { key: string; value: OfflineRecord; indexes: { user: string } };
  devices: { key: string; value: OfflineDeviceState };
  reference: { key: string; value: { user: string; fetched: string; data: OfflineReference } };
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;
const db = () =>
  (opened ??= openDB<OfflineDb>('nlims-offline', 1, {
    upgrade(database) {
      database.createObjectStore('records', { keyPath: 'id' }).createIndex('user', 'user');
      database.createObjectStore('devices', { keyPath: 'user' });
      database.createObjectStore('reference', { keyPath: 'user' });
    },
  }));

const listeners = new Set<() => void>();
/** Tell the pages (and the header's count) that the records changed, in this tab and the others. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('nlims-offline');
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});
function changed(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}
export function onRecordsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function recordsOf(user: string): Promise<OfflineRecord[]> {
  const rows = await (await db()).getAllFromIndex('records', 'user', user);
  return rows.sort((a, b) => b.created.localeCompare(a.created));
}

export async function putRecord(record: OfflineRecord): Promise<void> {
  await (await db()).put('records', record);
  changed();
}

export async function deleteRecord(id: string): Promise<void> {
  await (await db()).delete('records', id);
  changed();
}

export async function deviceOf(user: string): Promise<OfflineDeviceState | undefined> {
  return (await db()).get('devices', user);
}

export async function saveDevice(device: OfflineDeviceState): Promise<void> {
  await (await db()).put('devices', device);
  changed();
}

/** The next `count` counters of the device, taken in one transaction so two forms never share a number. */
export async function takeCounters(user: string, count: number): Promise<{ prefix: string; counters: number[] }> {
  const tx = (await db()).transaction('devices', 'readwrite');
  const device = await tx.store.get(user);
  if (!device) throw new Error('No device prefix');
  const counters = Array.from({ length: count }, (_, i) => device.counter + i + 1);
  await tx.store.put({ ...device, counter: device.counter + count });
  await tx.done;
  return { prefix: device.prefix, counters };
}

export async function referenceOf(user: string) {
  return (await db()).get('reference', user);
}

export async function saveReference(user: string, data: OfflineReference): Promise<void> {
  await (await db()).put('reference', { user, fetched: new Date().toISOString(), data });
  changed();
}
