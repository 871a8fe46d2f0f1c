import { z } from 'zod';
import { MAX_ID } from '../input.js';
import type { Role } from '../roles.js';

/**
 * Analysers that talk to the product over TCP (DOMAIN "Interoperability"): HL7 v2.5 over MLLP (ORU^R01 results,
 * QRY^Q02 / QBP^Q11 host queries) and ASTM E1394 records with the LIS2-A2 low-level framing. A result that names an
 * unknown sample, a test the sample does not have, or one not awaiting a result waits in the unmatched queue until a
 * supervisor matches it to a test or discards it.
 */

/** How a machine talks to the product: none (results files only), HL7 v2 over MLLP, ASTM over TCP. */
export const INSTRUMENT_PROTOCOLS = ['none', 'hl7', 'astm'] as const;
export type InstrumentProtocol = (typeof INSTRUMENT_PROTOCOLS)[number];
/** Listening ports a machine may take (the database's CHECK): above the privileged range. */
export const INSTRUMENT_PORT_MIN = 1024;
export const INSTRUMENT_PORT_MAX = 65535;

export const UNMATCHED_REASONS = ['unknown-sample', 'unknown-test', 'not-pending', 'invalid-value'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];
export const UNMATCHED_STATUSES = ['pending', 'matched', 'discarded'] as const;
export type UnmatchedStatus = (typeof UNMATCHED_STATUSES)[number];

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
/** accepted: every result entered; queued: some or all went to the unmatched queue; answered: a host query's reply. */
export const MESSAGE_STATUSES = ['accepted', 'queued', 'rejected', 'answered', 'sent'] as const;
export const MESSAGE_KINDS = ['result', 'query', 'ack', 'answer', 'other'] as const;

/** Who works the unmatched queue and reads the messages log: a supervisor or manager of a programme of the machine. */
export const INSTRUMENT_QUEUE_ROLES: readonly Role[] = ['Supervisor', 'Manager'];
export const mayWorkInstrumentQueue = (roles: readonly { role: Role }[]) => roles.some((r) => INSTRUMENT_QUEUE_ROLES.includes(r.role));

/** The per-facility user the results of an analyser are entered as (it cannot sign in). */
export const INSTRUMENT_USER_PREFIX = 'instrument-interface-';

const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const queryId = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().max(MAX_ID);
const page = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Invalid page.').max(100_000).default(1);
const pageSize = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(100).default(20);

export const unmatchedListQuery = z.object({
  status: z.enum(UNMATCHED_STATUSES, { error: `Choose one of: ${UNMATCHED_STATUSES.join(', ')}.` }).default('pending'),
  machine: queryId.optional(),
  /** A barcode or test code, in part. */
  search: z.string().trim().max(100).optional(),
  page,
  page_size: pageSize,
});

export const unmatchedItem = z.object({
  id: z.number(),
  machine: z.number(),
  machine_name: z.string(),
  message: z.number(),
  barcode: z.string(),
  test_code: z.string(),
  value: z.string(),
  units: z.string(),
  flags: z.string(),
  reference_range: z.string(),
  reason: z.enum(UNMATCHED_REASONS),
  observed_at: z.string().nullable(),
  received_at: z.string(),
  status: z.enum(UNMATCHED_STATUSES),
  test_order: z.number().nullable(),
  result: z.number().nullable(),
  resolution: z.string(),
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type UnmatchedItem = z.infer<typeof unmatchedItem>;

/** Match a queued result to a test: the test (of a sample at the facility) and, if the analyser's cell needs it, the value to enter. */
export const unmatchedMatchBody = z.object({
  test_order: z
    .number({ error: 'This field is required.' })
    .int('A valid integer is required.')
    .positive('Ensure this value is greater than or equal to 1.')
    .max(MAX_ID),
  value: z.union([z.number().finite(), z.string().trim().min(1).max(200)]).optional(),
});
export const unmatchedDiscardBody = z.object({
  reason: z.string({ error: 'Give the reason for discarding it.' }).trim().min(1, 'Give the reason for discarding it.').max(1000),
});

/** The tests of a barcode a queued row may be matched to (those awaiting a result). */
export const unmatchedCandidatesQuery = z.object({ barcode: z.string().trim().min(1, 'This field is required.').max(100) });
export const unmatchedCandidate = z.object({
  test_order: z.number(),
  barcode: z.string(),
  lab_number: z.string(),
  test_name: z.string(),
  test_code: z.string(),
  program: z.string(),
  status: z.number(),
});

export const messageListQuery = z.object({
  machine: queryId.optional(),
  status: z.enum(MESSAGE_STATUSES, { error: `Choose one of: ${MESSAGE_STATUSES.join(', ')}.` }).optional(),
  direction: z.enum(MESSAGE_DIRECTIONS, { error: 'Choose in or out.' }).optional(),
  /** Messages received on these days (Africa/Lagos). */
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  page,
  page_size: pageSize,
});

export const messageItem = z.object({
  id: z.number(),
  machine: z.number(),
  machine_name: z.string(),
  protocol: z.enum(['hl7', 'astm']),
  direction: z.enum(MESSAGE_DIRECTIONS),
  kind: z.string(),
  status: z.string(),
  control_id: z.string(),
  error: z.string(),
  remote: z.string(),
  reply_to: z.number().nullable(),
  received_at: z.string(),
  unmatched: z.number(),
});
export type MessageItem = z.infer<typeof messageItem>;
/** One message with what came over the wire (control characters shown as <STX>, <CR>…). */
export const messageDetail = messageItem.extend({ raw: z.string(), replies: z.array(messageItem) });
export type MessageDetail = z.infer<typeof messageDetail>;

/** The machines whose messages the caller may read (the filter's choices). */
export const instrumentMachine = z.object({
  id: z.number(),
  name: z.string(),
  protocol: z.enum(INSTRUMENT_PROTOCOLS),
  listen_port: z.number().nullable(),
  is_active: z.boolean(),
  pending: z.number(),
});
