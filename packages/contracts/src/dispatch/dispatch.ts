import { z } from 'zod';
import { dbId } from '../input.js';
import { DISPATCH_STATUS } from '../statuses.js';
import { tierAreaSchema, tierQuery } from '../tier-analytics.js';

/**
 * Sample referral between laboratories: a shipment carries collected samples
 * from the referring facility to a testing laboratory of one of its lab
 * networks, by a courier, with a manifest (DESIGN §3 dispatch statuses,
 * DOMAIN "Referral and dispatch").
 */
const D = DISPATCH_STATUS;

/** Storage temperatures a box travels at (OpenELIS asks one per box). */
export const STORAGE_TEMPERATURES = ['ambient', '2-8', '-20', '-80'] as const;
export type StorageTemperature = (typeof STORAGE_TEMPERATURES)[number];

/** A sample's condition on arrival, recorded at reception (SORMAS #775). */
export const ARRIVAL_CONDITIONS = ['good', 'leaking', 'broken', 'haemolysed', 'insufficient', 'unlabelled', 'warm'] as const;

/** Shipment moves: action → the statuses it may start from, and where it leads. */
export const SHIPMENT_MOVES = {
  notify_facility: { from: [D.PENDING], to: D.FACILITY_NOTIFIED },
  notify_courier: { from: [D.PENDING, D.FACILITY_NOTIFIED], to: D.COURIER_NOTIFIED },
  dispatch: { from: [D.PENDING, D.FACILITY_NOTIFIED, D.COURIER_NOTIFIED], to: D.DISPATCHED },
  deliver: { from: [D.DISPATCHED], to: D.DELIVERED },
  reject: { from: [D.DISPATCHED, D.DELIVERED], to: D.REJECTED },
  cancel: { from: [D.PENDING, D.FACILITY_NOTIFIED, D.COURIER_NOTIFIED], to: D.CANCELLED },
} as const;
export type ShipmentAction = keyof typeof SHIPMENT_MOVES;
/** Which side moves a shipment: the referring facility's dispatchers, or the testing laboratory's receivers. */
export const SHIPMENT_MOVE_SIDE: Record<ShipmentAction, 'sender' | 'receiver' | 'either'> = {
  notify_facility: 'sender',
  notify_courier: 'sender',
  dispatch: 'sender',
  deliver: 'either',
  reject: 'receiver',
  cancel: 'sender',
};
/** Statuses of a shipment still under way: a sample may be in only one of them. */
export const OPEN_SHIPMENT = [D.PENDING, D.FACILITY_NOTIFIED, D.COURIER_NOTIFIED, D.DISPATCHED, D.DELIVERED] as const;

const text = (max: number) => z.string().trim().max(max);
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const temperature = z.number().min(-90, 'Ensure this value is greater than or equal to -90.').max(60, 'Ensure this value is less than or equal to 60.');

export const shipmentCreateBody = z.object({
  receiving_facility: dbId({ error: 'This field is required.' }),
  courier: dbId().nullable().default(null),
  samples: z.array(dbId()).min(1, 'Add at least one sample.').max(500, 'Ensure this field has no more than 500 elements.'),
  packaging: text(200).default(''),
  boxes: z.number().int('A valid integer is required.').min(1, 'Ensure this value is greater than or equal to 1.').max(100).default(1),
  storage_temperature: z.enum(STORAGE_TEMPERATURES, { error: `Choose one of: ${STORAGE_TEMPERATURES.join(', ')}.` }),
  pickup_temperature: temperature.nullable().default(null),
  packed_by: text(120).min(1, 'This field may not be blank.'),
  rider_name: text(120).default(''),
  rider_phone: z
    .string()
    .trim()
    .regex(/^(\+?\d[\d ]{6,18})?$/, 'Enter a valid phone number.')
    .default(''),
  pickup_date: isoDate,
});
export type ShipmentCreateBody = z.input<typeof shipmentCreateBody>;

/** The moves that record when they happened (the courier's pick-up, the hand-over at the laboratory): now, or the time given. */
export const SHIPMENT_TIMED_MOVES: readonly ShipmentAction[] = ['dispatch', 'deliver'];

const stepDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' });

export const shipmentMoveBody = z.object({
  reason: text(500).default(''),
  /** When it happened (dispatch, deliver only); now when absent. */
  at: stepDateTime.optional(),
  /** Reject only, and required there: the rejection reason each of its samples carries. */
  rejection_reason: dbId().optional(),
});

/** How far ahead of the server's clock a time given by a device may be: its clock may run a little fast. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When a shipment's step happened, from the time given (now when none): never before the previous step, nor in the
 * future beyond the clock skew (a time in the skew is now). A time given to the minute (a form's HH:mm) in the minute
 * of the previous step is that step's time, so the leg between them is 0, never negative. Without a time, now — or the
 * previous step's time should the clock be behind it.
 */
export function stepTime(given: string | undefined, previous: Date | null, now: Date): { at: Date } | { problem: 'future' | 'before' } {
  const floor = previous?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (given === undefined) return { at: new Date(Math.max(now.getTime(), floor)) };
  const told = new Date(given).getTime();
  if (told > now.getTime() + CLOCK_SKEW_MS) return { problem: 'future' };
  if (told >= floor) return { at: new Date(Math.max(Math.min(told, now.getTime()), floor)) };
  const toTheMinute = told % 60_000 === 0;
  if (toTheMinute && floor - told < 60_000) return { at: new Date(floor) };
  return { problem: 'before' };
}

export const shipmentReceiveBody = z.object({
  /** When it arrived; now when absent. Not before the shipment's last move, nor in the future. */
  received_at: stepDateTime.optional(),
  temperature: temperature.nullable().default(null),
  samples: z
    .array(
      z.object({
        id: dbId(),
        condition: z.enum(ARRIVAL_CONDITIONS, { error: `Choose one of: ${ARRIVAL_CONDITIONS.join(', ')}.` }).default('good'),
        accept: z.boolean(),
        rejection_reason: dbId().nullable().default(null),
      }),
    )
    .min(1, 'Scan at least one sample.')
    .max(500),
  comment: text(500).default(''),
});

export const shipmentListQuery = z.object({
  direction: z.enum(['outgoing', 'incoming']).default('outgoing'),
  status: z.coerce.number().int().min(0).max(7).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

const shipmentSample = z.object({
  id: z.number(),
  barcode: z.string(),
  program: z.string(),
  sample_type_name: z.string().nullable(),
  collected_at: z.string().nullable(),
  client_name: z.string(),
  /** in transit, received, rejected, missing (absent on arrival) or returned (the shipment was cancelled). */
  state: z.enum(['in_transit', 'received', 'rejected', 'missing', 'returned']),
  condition: z.string().nullable(),
  status: z.number(),
});

export const shipmentItem = z.object({
  id: z.number(),
  number: z.string(),
  status: z.number(),
  sending_facility: z.number(),
  sending_facility_name: z.string(),
  receiving_facility: z.number(),
  receiving_facility_name: z.string(),
  courier: z.number().nullable(),
  courier_name: z.string().nullable(),
  samples_count: z.number(),
  pickup_date: z.string(),
  storage_temperature: z.string(),
  created_at: z.string(),
  dispatched_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  received_at: z.string().nullable(),
  /** Due at the testing laboratory: dispatched (or the pick-up date) plus the network's expected hours. */
  due_at: z.string().nullable(),
  overdue: z.boolean(),
});
export type ShipmentItem = z.infer<typeof shipmentItem>;

export const shipmentEvent = z.object({
  at: z.string(),
  by: z.string(),
  from_status: z.number().nullable(),
  to_status: z.number(),
  temperature: z.number().nullable(),
  reason: z.string(),
});

export const shipmentDetail = shipmentItem.extend({
  packaging: z.string(),
  boxes: z.number(),
  pickup_temperature: z.number().nullable(),
  arrival_temperature: z.number().nullable(),
  packed_by: z.string(),
  rider_name: z.string(),
  rider_phone: z.string(),
  samples: z.array(shipmentSample),
  history: z.array(shipmentEvent),
  /** Hours between the legs: collection → dispatch → delivery → reception (medians over the shipment's samples). */
  legs: z.object({ collection_to_dispatch: z.number().nullable(), dispatch_to_delivery: z.number().nullable(), delivery_to_reception: z.number().nullable() }),
});
export type ShipmentDetail = z.infer<typeof shipmentDetail>;

export const shipmentReceiveReply = shipmentDetail.extend({
  /** Scanned barcodes or ids not in the shipment. */
  unexpected: z.array(z.number()),
  /** Samples of the shipment not scanned: recorded as missing. */
  missing: z.array(z.string()),
});

/** The caller's facility in a programme's referral: whether it is the testing laboratory of a lab network for it (it receives). */
export const referralRoleQuery = z.object({ program: z.string().trim().min(1).max(100).optional() });
export const referralRoleReply = z.object({ testing_laboratory: z.boolean() });

/** Where the referring facility may send a programme's samples: the testing laboratories of its lab networks. */
export const referralDestinationsReply = z.array(
  z.object({
    facility: z.number(),
    facility_name: z.string(),
    network: z.number(),
    network_name: z.string(),
    program: z.string().nullable(),
    expected_hours: z.number(),
    courier: z.number().nullable(),
  }),
);

/** A referring facility's view of a sample it sent: status, testing laboratory and, once approved, the results. */
export const referredSampleItem = z.object({
  id: z.number(),
  barcode: z.string(),
  program: z.string(),
  client_name: z.string(),
  status: z.number(),
  /** Every test final and one approved: the sample's work is finished. */
  completed: z.boolean(),
  testing_facility_name: z.string(),
  shipment: z.number(),
  shipment_number: z.string(),
  /** Its rejection reason: at reception, or at the door with the whole shipment (then with the laboratory's words). */
  rejection_reason: z.string().nullable(),
  /** When it was rejected, and by whom (the testing laboratory's user). */
  rejected_at: z.string().nullable(),
  rejected_by: z.string().nullable(),
  results: z.array(
    z.object({ test: z.string(), value: z.string().nullable(), unit: z.string(), flag: z.string().nullable(), approved_at: z.string().nullable() }),
  ),
});

/** The referral dashboard's query: the area (narrowing the caller's own) and the period of the shipments made. */
/** The area and period, and what is referred: a disease's programmes (contracts' referralProgrammesOf) or one programme. */
export const referralDashboardQuery = tierQuery.pick({
  start_date: true,
  end_date: true,
  states: true,
  lga: true,
  facility: true,
  disease: true,
  program: true,
});

const hours = z.number().nullable();
/** Median hours of each leg of a referred sample's journey. */
export const referralLegs = z.object({
  collection_to_dispatch: hours,
  dispatch_to_delivery: hours,
  delivery_to_reception: hours,
  /** From reception to the sample's results complete. */
  reception_to_release: hours,
  /** From collection to the sample's results complete (every test approved, rejected or cancelled), which the referring facility reads at once. */
  collection_to_result: hours,
});

/**
 * Referral in an area over a period: shipments by status and the overdue ones, samples referred, received, rejected
 * and missing, the legs' median hours, and each testing laboratory's share. For facility staff, both directions of
 * their own facility; for officials, the shipments sent from facilities in their area.
 */
export const referralDashboardReply = z.object({
  area: tierAreaSchema,
  period: z.object({ start: z.string(), end: z.string() }),
  shipments: z.object({
    total: z.number(),
    overdue: z.number(),
    by_status: z.array(z.object({ status: z.number(), count: z.number() })),
    /** Facility staff only: what their facility sent and received. */
    outgoing: z.number().nullable(),
    incoming: z.number().nullable(),
  }),
  samples: z.object({ referred: z.number(), received: z.number(), rejected: z.number(), missing: z.number() }),
  legs: referralLegs,
  by_laboratory: z.array(
    z.object({ facility: z.number(), facility_name: z.string(), shipments: z.number(), samples: z.number(), overdue: z.number(), dispatch_to_delivery: hours }),
  ),
});
export type ReferralDashboardReply = z.infer<typeof referralDashboardReply>;
