import { z } from 'zod';
import { dbId } from '../input.js';
import { clientBody, generalOrderBody, PRIORITIES } from '../samples.js';

/**
 * Registration without a connection: a device keeps each record (a client with
 * their requests and collected samples) until it can send it, under an id it
 * made itself, sent again as the Idempotency-Key so a retry never registers twice.
 */

/** The letters of a device prefix: no 0/O, 1/I/L, so a number read aloud or copied by hand stays right. */
export const PREFIX_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PREFIX_LENGTH = 4;
/** A provisional number: the device's prefix and its own counter, e.g. `K7Q2-0001`. */
export const PROVISIONAL_NUMBER = /^[2-9A-HJ-NP-Z]{4}-[0-9]{4,6}$/;

export const provisionalNumber = (prefix: string, counter: number): string => `${prefix}-${String(counter).padStart(4, '0')}`;
export const prefixOf = (provisional: string): string => provisional.split('-')[0] ?? '';

const text = (max: number) => z.string().trim().max(max).default('');

export const offlineDeviceBody = z.object({ label: text(100) });
export const offlineDevice = z.object({
  id: z.number(),
  prefix: z.string(),
  facility: z.number(),
  label: z.string(),
  created_at: z.date().or(z.string()),
});
export type OfflineDevice = z.infer<typeof offlineDevice>;

export const offlineSample = z.object({
  provisional_number: z.string().regex(PROVISIONAL_NUMBER, 'Enter a provisional number such as K7Q2-0001.'),
  sample_type: dbId({ error: 'This field is required.' }),
  collected_at: z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-11-22T09:30:00+01:00.' }),
});

/** One request of the record: an order of one programme whose tests share one sample, collected on the device. */
export const offlineRequest = z.object({
  program: z.string().trim().min(1).max(100),
  form: generalOrderBody.shape.form,
  test_types: generalOrderBody.shape.test_types,
  priority: z.enum(PRIORITIES).default('routine'),
  requesting_clinician: text(150),
  clinical_notes: text(2000),
  samples: z.array(offlineSample).min(1, 'Collect at least one sample.').max(10),
});

/** A client the device found in its copy of the facility's clients, with the last change it saw. */
export const offlineExistingClient = z.object({
  id: dbId(),
  updated_at: z.iso.datetime({ offset: true }),
  /** Send anyway although the record changed on the server since (the user saw both and confirmed). */
  confirm_changed: z.boolean().default(false),
});

export const offlineRegistrationBody = z
  .object({
    /** Made on the device (crypto.randomUUID()); also the request's Idempotency-Key. */
    id: z.uuid({ error: 'Must be a UUID.' }),
    new_client: clientBody.optional(),
    existing_client: offlineExistingClient.optional(),
    requests: z.array(offlineRequest).min(1, 'Add at least one request.').max(10),
  })
  .superRefine((b, ctx) => {
    if ((b.new_client == null) === (b.existing_client == null))
      ctx.addIssue({ code: 'custom', path: ['new_client'], message: 'Give either a new client or an existing one.' });
  });
export type OfflineRegistrationBody = z.input<typeof offlineRegistrationBody>;

export const offlineRegistrationReply = z.object({
  id: z.string(),
  client: z.number(),
  requests: z.array(
    z.object({
      order: z.number(),
      program: z.string(),
      lab_number: z.string(),
      samples: z.array(z.object({ id: z.number(), barcode: z.string(), provisional_number: z.string() })),
    }),
  ),
});
export type OfflineRegistrationReply = z.infer<typeof offlineRegistrationReply>;

/** Why the server refused a record, as a machine code beside the readable `detail` of a 409. */
export const OFFLINE_CONFLICTS = ['client_merged', 'client_changed', 'test_withdrawn'] as const;
export type OfflineConflictCode = (typeof OFFLINE_CONFLICTS)[number];

/** What the forms need without a connection: the caller's programmes' offered tests, the sample types, recent clients. */
export const offlineReference = z.object({
  programs: z.array(
    z.object({
      name: z.string(),
      tests: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), sample_types: z.array(z.number()) })),
    }),
  ),
  sample_types: z.array(z.object({ id: z.number(), name: z.string() })),
  clients: z.array(
    z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      other_names: z.string(),
      sex: z.string(),
      date_of_birth: z.string().nullable(),
      phone: z.string(),
      updated_at: z.date().or(z.string()),
    }),
  ),
});
export type OfflineReference = z.infer<typeof offlineReference>;
