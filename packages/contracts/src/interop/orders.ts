import { z } from 'zod';
import { dbId } from '../input.js';

/**
 * Orders another system posts over FHIR (a transaction Bundle with Patient, ServiceRequests, Specimen and a Task):
 * kept as electronic requests a laboratory accepts (making the client and the order) or rejects with a reason.
 * The Task's status: requested → accepted | rejected → in-progress (a result entered) → completed (every test's
 * result approved).
 */
export const ELECTRONIC_REQUEST_STATES = ['requested', 'accepted', 'rejected', 'in-progress', 'completed', 'cancelled'] as const;
export type ElectronicRequestState = (typeof ELECTRONIC_REQUEST_STATES)[number];

/** What the laboratory reads from a request: the patient, the tests asked, the specimen. */
export const electronicRequestSummary = z.object({
  patient: z.object({
    name: z.string(),
    given: z.string(),
    family: z.string(),
    sex: z.string(),
    birth_date: z.string().nullable(),
    phone: z.string(),
    identifiers: z.array(z.object({ type: z.string(), system: z.string(), value: z.string() })),
  }),
  tests: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
  /** The sender's Specimen: its type (the catalogue's sample type, when it names one) and when it was collected. */
  specimen: z.object({ type: z.string(), sample_type: z.number().nullable().optional(), collected_at: z.string().nullable() }).nullable(),
  priority: z.string(),
  requesting_clinician: z.string(),
  form: z.record(z.string(), z.unknown()),
});
export type ElectronicRequestSummary = z.infer<typeof electronicRequestSummary>;

export const electronicRequestItem = z.object({
  id: z.number(),
  program: z.string(),
  identifier: z.string(),
  status: z.enum(ELECTRONIC_REQUEST_STATES),
  requester: z.string(),
  api_client: z.string().nullable(),
  summary: electronicRequestSummary,
  client: z.number().nullable(),
  order: z.number().nullable(),
  lab_number: z.string().nullable(),
  reason: z.string(),
  received_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type ElectronicRequestItem = z.infer<typeof electronicRequestItem>;

export const electronicRequestQuery = z.object({
  program__name: z.string().max(100).optional(),
  status: z.enum(ELECTRONIC_REQUEST_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

/** Accept: the request form's fields the bundle did not give may be completed here (merged over what it gave). */
export const electronicRequestAcceptBody = z.object({
  form: z.record(z.string().max(100), z.unknown()).default({}),
  /** An existing client to order for, instead of the one matched by identifier (or a new one). */
  client: dbId().optional(),
});
export const electronicRequestRejectBody = z.object({
  reason: z.string().trim().min(1, 'Give the reason the request is rejected.').max(500),
});
export const electronicRequestAccepted = electronicRequestItem;
