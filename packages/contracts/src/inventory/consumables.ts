import { z } from 'zod';
import { dbId } from '../input.js';

/**
 * Consumables (DOMAIN "Inventory"): the reagents, kits, cartridges, rapid
 * tests and supplies a laboratory stocks, received in lots, kept on a ledger
 * (stock lines, never an edited balance) at the store and at the benches,
 * issued first-expiry-first-out, and used by the tests that name them.
 * Quantities are whole units of the item's unit (a cartridge, a test, a
 * bottle); a pack holds `pack_size` units; money is integer kobo.
 */

export const CONSUMABLE_CATEGORIES = ['reagent', 'kit', 'cartridge', 'rdt', 'supply'] as const;
export type ConsumableCategory = (typeof CONSUMABLE_CATEGORIES)[number];

/** What a lot's row holds; "expired" is read from its dates. */
export const CONSUMABLE_LOT_STATUSES = ['active', 'quarantined', 'disposed'] as const;
export type ConsumableLotStatus = (typeof CONSUMABLE_LOT_STATUSES)[number];

/** What a lot is, as shown: its status, or expired / consumed / in use, read from its dates and balances. */
export const CONSUMABLE_LOT_STATES = ['active', 'in_use', 'expired', 'consumed', 'quarantined', 'disposed'] as const;
export type ConsumableLotState = (typeof CONSUMABLE_LOT_STATES)[number];

/** Why a lot (or its stock at a place) cannot be used. */
export const CONSUMABLE_UNUSABLE_REASONS = ['disposed', 'quarantined', 'expired', 'open_expired', 'empty'] as const;
export type ConsumableUnusableReason = (typeof CONSUMABLE_UNUSABLE_REASONS)[number];

/**
 * The kinds of stock line: a receipt at the store, an issue out of the store and the same units issued into a bench,
 * a use by a test's run, an adjustment with its reason, a disposal, and a physical count (the difference found).
 */
export const CONSUMABLE_LINE_KINDS = ['receipt', 'issue', 'issued', 'use', 'adjustment', 'disposal', 'count'] as const;
export type ConsumableLineKind = (typeof CONSUMABLE_LINE_KINDS)[number];

export const STOCK_ADJUSTMENT_REASONS = ['damaged', 'expired', 'lost', 'stolen', 'cold_chain', 'count_correction'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

/** A quantity given in packs or in units; it is stored in units. */
export const CONSUMABLE_QUANTITY_IN = ['packs', 'units'] as const;
export type ConsumableQuantityIn = (typeof CONSUMABLE_QUANTITY_IN)[number];

/** A cost given for a pack or for a unit; a lot keeps the cost of one unit. */
export const CONSUMABLE_COST_PER = ['pack', 'unit'] as const;
export type ConsumableCostPer = (typeof CONSUMABLE_COST_PER)[number];

/** Months of use behind "months of stock": the use of the last three months, per month. */
export const CONSUMABLE_USE_MONTHS = 3;

const MAX_QUANTITY = 10_000_000;
const MAX_KOBO = 2_000_000_000;

// ---- rules both sides apply -------------------------------------------------------------------------------------

/** A quantity in units: packs times the pack size, or the units themselves. */
export const toStockUnits = (quantity: number, quantityIn: ConsumableQuantityIn, packSize: number): number =>
  quantityIn === 'packs' ? quantity * packSize : quantity;

/** One unit's cost in kobo, from a cost per pack or per unit (rounded to the kobo). */
export const unitCostOf = (cost: number, costPer: ConsumableCostPer, packSize: number): number =>
  costPer === 'pack' ? Math.round(cost / Math.max(1, packSize)) : cost;

/** `YYYY-MM-DD` plus whole days. */
export const stockPlusDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whole days from one day to another (negative when `to` is earlier). */
export const stockDaysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The expiry once opened: the earlier of the lot's expiry and the opened date plus the item's stability (none: the expiry). */
export function lotOpenedExpiry(expiry: string, openedOn: string, stabilityDays: number | null): string {
  if (stabilityDays == null) return expiry;
  const after = stockPlusDays(openedOn, stabilityDays);
  return after < expiry ? after : expiry;
}

/** A lot is usable on its last day; from the next it is expired (its opened expiry when it was opened). */
export const lotIsExpired = (effectiveExpiry: string, today: string): boolean => effectiveExpiry < today;

/**
 * Why a lot's stock at a place cannot be used, or null when it can: not disposed, not quarantined, not past its
 * (opened) expiry, and holding something.
 */
export function lotUnusableReason(
  lot: { status: string; expiry_date: string; opened_expiry: string | null },
  quantity: number,
  today: string,
): ConsumableUnusableReason | null {
  if (lot.status === 'disposed') return 'disposed';
  if (lot.status === 'quarantined') return 'quarantined';
  if (lotIsExpired(lot.expiry_date, today)) return 'expired';
  if (lot.opened_expiry != null && lotIsExpired(lot.opened_expiry, today)) return 'open_expired';
  if (quantity <= 0) return 'empty';
  return null;
}

/** First expiry, first out: the earlier (opened) expiry first, then the lot received first. */
export function stockFefoCompare(a: { effective_expiry: string; id: number }, b: { effective_expiry: string; id: number }): number {
  return a.effective_expiry < b.effective_expiry ? -1 : a.effective_expiry > b.effective_expiry ? 1 : a.id - b.id;
}

/**
 * Take `wanted` units from lots in FEFO order (only those given: the usable ones): what each gives, and what is
 * still missing when they hold too little.
 */
export function stockFefoPlan<L extends { id: number; effective_expiry: string; quantity: number }>(
  lots: readonly L[],
  wanted: number,
): { take: { lot: L; quantity: number }[]; short: number } {
  const take: { lot: L; quantity: number }[] = [];
  let left = wanted;
  for (const lot of [...lots].sort(stockFefoCompare)) {
    if (left <= 0) break;
    const quantity = Math.min(lot.quantity, left);
    if (quantity > 0) take.push({ lot, quantity });
    left -= quantity;
  }
  return { take, short: Math.max(0, left) };
}

/** Months the usable stock lasts at the use of the last three months; null when nothing was used. */
export function stockMonths(usable: number, usedInThreeMonths: number): number | null {
  if (usedInThreeMonths <= 0) return null;
  return Math.round((usable / (usedInThreeMonths / CONSUMABLE_USE_MONTHS)) * 10) / 10;
}

/** Low on stock: an active item whose usable stock is at or below its reorder level. */
export const itemIsLowStock = (item: { is_active: boolean; reorder_level: number }, usable: number): boolean => item.is_active && usable <= item.reorder_level;

// ---- bodies ---------------------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number) => text(max).min(1, 'This field may not be blank.');
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const whole = (min: number, max: number) =>
  z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `Choose one of: ${values.join(', ')}.` });
const quantity = () => whole(1, MAX_QUANTITY);

/** A test that uses an item: how many units one run takes, and whether entering its result uses them. */
export const consumableTestBody = z.object({
  test_type: dbId({ error: 'This field is required.' }),
  quantity_per_test: whole(1, 10_000).default(1),
  automatic: z.boolean().default(true),
});

export const consumableItemBody = z.object({
  name: required(200),
  category: choice(CONSUMABLE_CATEGORIES),
  /** `measure_unit/`: what one unit is (a cartridge, a test, a piece). */
  unit: dbId().nullable().default(null),
  /** Units per pack (a kit whose unit is a test: tests per kit). */
  pack_size: whole(1, 100_000).default(1),
  manufacturer: dbId().nullable().default(null),
  /** At or below this many usable units the item is low on stock. */
  reorder_level: whole(0, MAX_QUANTITY).default(0),
  /** Lots expiring within this many days are listed as expiring soon. */
  expiry_warning_days: whole(0, 3650).default(60),
  /** Days a lot stays usable once opened; none: until its expiry. */
  open_stability_days: whole(1, 3650).nullable().default(null),
  is_active: z.boolean().default(true),
  /** The tests that use it; given, they replace the item's tests. */
  tests: z.array(consumableTestBody).max(50, 'Ensure this field has no more than 50 elements.').optional(),
});
export type ConsumableItemBody = z.input<typeof consumableItemBody>;

/** A partial update of an item: only the fields sent change (`tests`, sent, replaces its tests). */
export const consumableItemPatch = z.object({
  name: required(200).optional(),
  category: choice(CONSUMABLE_CATEGORIES).optional(),
  unit: dbId().nullable().optional(),
  pack_size: whole(1, 100_000).optional(),
  manufacturer: dbId().nullable().optional(),
  reorder_level: whole(0, MAX_QUANTITY).optional(),
  expiry_warning_days: whole(0, 3650).optional(),
  open_stability_days: whole(1, 3650).nullable().optional(),
  is_active: z.boolean().optional(),
  tests: z.array(consumableTestBody).max(50, 'Ensure this field has no more than 50 elements.').optional(),
});
export type ConsumableItemPatch = z.input<typeof consumableItemPatch>;

export const consumableConfigBody = consumableTestBody.extend({ item: dbId({ error: 'This field is required.' }) });
export type ConsumableConfigBody = z.input<typeof consumableConfigBody>;
export const consumableConfigPatch = z.object({
  test_type: dbId().optional(),
  quantity_per_test: whole(1, 10_000).optional(),
  automatic: z.boolean().optional(),
});

/**
 * Receive a lot at the store. A lot number the item already has adds to that lot (its expiry must be the same).
 * The quantity is in packs or in units (stored in units); the cost is per pack or per unit, in kobo.
 */
export const consumableReceiptBody = z.object({
  item: dbId({ error: 'This field is required.' }),
  lot_number: required(100),
  expiry_date: isoDate,
  /** Default: today. */
  received_date: isoDate.optional(),
  supplier: dbId().nullable().default(null),
  quantity: quantity(),
  quantity_in: choice(CONSUMABLE_QUANTITY_IN),
  cost: whole(0, MAX_KOBO).default(0),
  cost_per: choice(CONSUMABLE_COST_PER).default('pack'),
  note: text(1000).default(''),
});
export type ConsumableReceiptBody = z.input<typeof consumableReceiptBody>;

/** Issue an item from the store to a bench: FEFO across its usable lots, or from the lot chosen. */
export const consumableIssueBody = z.object({
  item: dbId({ error: 'This field is required.' }),
  bench: dbId({ error: 'This field is required.' }),
  quantity: quantity(),
  quantity_in: choice(CONSUMABLE_QUANTITY_IN),
  /** Issue from this lot only (it must be usable). */
  lot: dbId().nullable().default(null),
  note: text(1000).default(''),
});
export type ConsumableIssueBody = z.input<typeof consumableIssueBody>;

/** What an issue would take (nothing is moved): `consumable/issue_plan/`. */
export const consumableIssuePlanQuery = z.object({
  item: z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647),
  quantity: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(MAX_QUANTITY).default(1),
  quantity_in: choice(CONSUMABLE_QUANTITY_IN).default('units'),
  lot: z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647).optional(),
});

/** Where a move happens: a bench, or the store (null). */
const place = dbId().nullable().default(null);

export const consumableAdjustBody = z.object({
  bench: place,
  /** Signed units: + found, − lost. */
  quantity: z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(-MAX_QUANTITY)
    .max(MAX_QUANTITY)
    .refine((n) => n !== 0, 'An adjustment of nothing changes nothing; enter a quantity other than 0.'),
  reason: choice(STOCK_ADJUSTMENT_REASONS),
  note: text(1000).default(''),
});
export type ConsumableAdjustBody = z.input<typeof consumableAdjustBody>;

/** Dispose of a lot's stock: at one place or (bench omitted, `everywhere`) at every place; all of it unless a quantity is given. */
export const consumableDisposeBody = z.object({
  bench: place,
  /** Every place that holds some (the store and each bench). */
  everywhere: z.boolean().default(false),
  /** Units; none: all of it. */
  quantity: quantity().nullable().default(null),
  reason: choice(STOCK_ADJUSTMENT_REASONS),
  note: text(1000).default(''),
});
export type ConsumableDisposeBody = z.input<typeof consumableDisposeBody>;

/** A physical count at a place: the quantity found; the line records the difference. */
export const consumableCountBody = z.object({
  bench: place,
  counted: whole(0, MAX_QUANTITY),
  note: text(1000).default(''),
});
export type ConsumableCountBody = z.input<typeof consumableCountBody>;

export const consumableOpenBody = z.object({
  /** Default: today. */
  opened_on: isoDate.optional(),
});

export const consumableQuarantineBody = z.object({ note: text(1000).default('') });

// ---- queries --------------------------------------------------------------------------------------------------

const pageFields = {
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1, 'Invalid page.').max(100_000, 'Invalid page.').default(1),
  page_size: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(100, 'Ensure this value is less than or equal to 100.').default(20),
};
const idQuery = () => z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647);
const flag = z.enum(['0', '1'], { error: 'Choose 0 or 1.' });

export const consumableItemListQuery = z.object({
  ...pageFields,
  category: choice(CONSUMABLE_CATEGORIES).optional(),
  is_active: flag.optional(),
  /** Only the items low on stock. */
  low: flag.optional(),
});
export type ConsumableItemListQuery = z.input<typeof consumableItemListQuery>;

export const consumableConfigListQuery = z.object({ ...pageFields, item: idQuery().optional(), test_type: idQuery().optional() });

/** Lots filtered by what they are: usable now, expiring soon, expired, quarantined, disposed, or empty. */
export const CONSUMABLE_LOT_FILTERS = ['usable', 'expiring', 'expired', 'quarantined', 'disposed', 'empty'] as const;
export const consumableLotListQuery = z.object({
  ...pageFields,
  item: idQuery().optional(),
  /** Lots holding stock at this bench. */
  bench: idQuery().optional(),
  state: choice(CONSUMABLE_LOT_FILTERS).optional(),
});
export type ConsumableLotListQuery = z.input<typeof consumableLotListQuery>;

export const consumableReceiptListQuery = z.object({
  ...pageFields,
  item: idQuery().optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
});
export type ConsumableReceiptListQuery = z.input<typeof consumableReceiptListQuery>;

/** The stock card of a lot, or of an item (all its lots); at one place (a bench id, or `store`) or everywhere. */
export const consumableStockCardQuery = z.object({
  lot: idQuery().optional(),
  item: idQuery().optional(),
  bench: z
    .string()
    .trim()
    .regex(/^(store|[1-9]\d{0,9})$/, "Give a bench's id, or 'store'.")
    .refine((v) => v === 'store' || Number(v) <= 2_147_483_647, "Give a bench's id, or 'store'.")
    .optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
  page: pageFields.page,
  page_size: z.coerce.number({ error: 'A valid integer is required.' }).int().min(1).max(500, 'Ensure this value is less than or equal to 500.').default(50),
});
export type ConsumableStockCardQuery = z.input<typeof consumableStockCardQuery>;

// ---- replies --------------------------------------------------------------------------------------------------

export const consumableBenchQuantity = z.object({ bench: z.number(), bench_name: z.string(), quantity: z.number() });
export type ConsumableBenchQuantity = z.infer<typeof consumableBenchQuantity>;

export const consumableTest = z.object({
  /** The configuration's id (`consumable_config/`). */
  id: z.number(),
  test_type: z.number(),
  test_name: z.string(),
  test_code: z.string(),
  is_panel: z.boolean(),
  quantity_per_test: z.number(),
  automatic: z.boolean(),
  /** The unit cost (average over the usable stock) times the units one run takes; null without stock. */
  cost_per_test_kobo: z.number().nullable(),
});
export type ConsumableTest = z.infer<typeof consumableTest>;

export const consumableItem = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(CONSUMABLE_CATEGORIES),
  unit: z.number().nullable(),
  unit_name: z.string().nullable(),
  unit_symbol: z.string().nullable(),
  pack_size: z.number(),
  manufacturer: z.number().nullable(),
  manufacturer_name: z.string().nullable(),
  reorder_level: z.number(),
  expiry_warning_days: z.number(),
  open_stability_days: z.number().nullable(),
  is_active: z.boolean(),
  /** Usable units (active, not past their (opened) expiry) at the store, at each bench, in all. */
  usable_store: z.number(),
  usable_benches: z.array(consumableBenchQuantity),
  usable_total: z.number(),
  /** Units held in expired lots not yet disposed of. */
  expired_units: z.number(),
  /** Units used in the last three months: automatic use, or, for an item no test uses automatically, what was issued to the benches. */
  used_last_3_months: z.number(),
  monthly_use: z.number(),
  months_of_stock: z.number().nullable(),
  low_stock: z.boolean(),
  /** The earliest (opened) expiry among the usable lots. */
  nearest_expiry: z.string().nullable(),
  expiring_soon: z.boolean(),
  /** Average cost of one usable unit, in kobo (weighted by units); null without usable stock. */
  unit_cost_kobo: z.number().nullable(),
  /** The first test's cost per run (see `tests`). */
  cost_per_test_kobo: z.number().nullable(),
  tests: z.array(consumableTest),
  /** Runs of the last three months whose use could not be recorded for lack of usable stock. */
  uses_short: z.number(),
});
export type ConsumableItem = z.infer<typeof consumableItem>;

export const consumableConfigItem = z.object({
  id: z.number(),
  item: z.number(),
  item_name: z.string(),
  test_type: z.number(),
  test_name: z.string(),
  test_code: z.string(),
  is_panel: z.boolean(),
  quantity_per_test: z.number(),
  automatic: z.boolean(),
});
export type ConsumableConfigItem = z.infer<typeof consumableConfigItem>;

/** A test the facility offers (with its bench), that an item may be configured for. */
export const consumableTestOption = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  program: z.string(),
  is_panel: z.boolean(),
  panel: z.number().nullable(),
  bench: z.number().nullable(),
  bench_name: z.string().nullable(),
});
export type ConsumableTestOption = z.infer<typeof consumableTestOption>;

export const consumableLot = z.object({
  id: z.number(),
  item: z.number(),
  item_name: z.string(),
  category: z.enum(CONSUMABLE_CATEGORIES),
  pack_size: z.number(),
  unit_symbol: z.string().nullable(),
  lot_number: z.string(),
  expiry_date: z.string(),
  received_date: z.string(),
  opened_on: z.string().nullable(),
  opened_expiry: z.string().nullable(),
  /** The opened expiry when opened, else the expiry. */
  effective_expiry: z.string(),
  days_to_expiry: z.number(),
  expired: z.boolean(),
  opened: z.boolean(),
  supplier: z.number().nullable(),
  supplier_name: z.string().nullable(),
  quantity_received: z.number(),
  unit_cost_kobo: z.number(),
  status: z.enum(CONSUMABLE_LOT_STATUSES),
  state: z.enum(CONSUMABLE_LOT_STATES),
  store_balance: z.number(),
  bench_balance: z.number(),
  benches: z.array(consumableBenchQuantity),
  balance: z.number(),
  usable: z.boolean(),
  unusable_reason: z.enum(CONSUMABLE_UNUSABLE_REASONS).nullable(),
  /** Within the item's warning days of its (opened) expiry. */
  expiring_soon: z.boolean(),
});
export type ConsumableLot = z.infer<typeof consumableLot>;

export const consumableReceipt = z.object({
  /** The receipt's stock line. */
  id: z.number(),
  lot: z.number(),
  lot_number: z.string(),
  item: z.number(),
  item_name: z.string(),
  pack_size: z.number(),
  unit_symbol: z.string().nullable(),
  expiry_date: z.string(),
  received_date: z.string(),
  supplier: z.number().nullable(),
  supplier_name: z.string().nullable(),
  /** Units received. */
  quantity: z.number(),
  unit_cost_kobo: z.number(),
  total_cost_kobo: z.number(),
  note: z.string(),
  received_by: z.string(),
  recorded_at: z.string(),
  /** A later receipt of a lot already held (it added to it). */
  added_to_lot: z.boolean(),
});
export type ConsumableReceipt = z.infer<typeof consumableReceipt>;

export const consumableReceiptReply = z.object({ receipt: consumableReceipt, lot: consumableLot });
export type ConsumableReceiptReply = z.infer<typeof consumableReceiptReply>;

export const consumablePlanLine = z.object({
  lot: z.number(),
  lot_number: z.string(),
  effective_expiry: z.string(),
  quantity: z.number(),
});
export type ConsumablePlanLine = z.infer<typeof consumablePlanLine>;

export const consumableIssuePlan = z.object({
  item: z.number(),
  /** Units asked for. */
  quantity: z.number(),
  /** Usable units at the store (of the chosen lot, when one is chosen). */
  available: z.number(),
  lines: z.array(consumablePlanLine),
  short: z.number(),
});
export type ConsumableIssuePlan = z.infer<typeof consumableIssuePlan>;

export const consumableIssueReply = z.object({
  item: z.number(),
  bench: z.number(),
  bench_name: z.string(),
  quantity: z.number(),
  lines: z.array(consumablePlanLine),
});
export type ConsumableIssueReply = z.infer<typeof consumableIssueReply>;

export const consumableStockLine = z.object({
  id: z.number(),
  occurred_on: z.string(),
  recorded_at: z.string(),
  kind: z.enum(CONSUMABLE_LINE_KINDS),
  item: z.number(),
  item_name: z.string(),
  lot: z.number(),
  lot_number: z.string(),
  /** The bench, or null for the store. */
  bench: z.number().nullable(),
  bench_name: z.string().nullable(),
  quantity: z.number(),
  /** The lot's balance at that place after the line. */
  balance: z.number(),
  /** The card's running balance (of what the card shows: the lot or item, at the place asked or everywhere). */
  running: z.number(),
  /**
   * An issue out of the store: the bench the units went to. On a card of every place the issue is the whole
   * movement (its bench line is not repeated and the running balance does not change); `moved_to_balance` is then the
   * lot's balance at that bench after it (null on the store's card).
   */
  moved_to: z.number().nullable(),
  moved_to_name: z.string().nullable(),
  moved_to_balance: z.number().nullable(),
  reason: z.string().nullable(),
  note: z.string(),
  test_order: z.number().nullable(),
  lab_number: z.string().nullable(),
  user: z.string(),
});
export type ConsumableStockLine = z.infer<typeof consumableStockLine>;

export const consumableStockCard = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  /** The running balance before the first line of the period. */
  opening: z.number(),
  results: z.array(consumableStockLine),
});
export type ConsumableStockCard = z.infer<typeof consumableStockCard>;

/** The stock card as a file (CSV, Excel): one row per line. */
export const CONSUMABLE_STOCK_CARD_COLUMNS = [
  'date',
  'recorded_at',
  'kind',
  'item',
  'lot',
  'place',
  'moved_to',
  'quantity',
  'balance',
  'running',
  'reason',
  'note',
  'lab_number',
  'user',
] as const;
export function consumableStockCardRows(lines: readonly ConsumableStockLine[]) {
  return lines.map((l) => ({
    date: l.occurred_on,
    recorded_at: l.recorded_at,
    kind: l.kind,
    item: l.item_name,
    lot: l.lot_number,
    place: l.bench_name ?? 'store',
    moved_to: l.moved_to_name ?? '',
    quantity: l.quantity,
    balance: l.balance,
    running: l.running,
    reason: l.reason ?? '',
    note: l.note,
    lab_number: l.lab_number ?? '',
    user: l.user,
  }));
}

export const consumableLowStockAlert = z.object({
  item: z.number(),
  item_name: z.string(),
  usable_total: z.number(),
  reorder_level: z.number(),
  months_of_stock: z.number().nullable(),
});
export const consumableLotAlert = z.object({
  lot: z.number(),
  lot_number: z.string(),
  item: z.number(),
  item_name: z.string(),
  effective_expiry: z.string(),
  days_to_expiry: z.number(),
  balance: z.number(),
});
export const consumableShortAlert = z.object({ item: z.number(), item_name: z.string(), uses_short: z.number() });

/** Low stock, lots expiring soon and expired lots still holding stock, and uses not recorded for lack of stock (the sidebar badges read the counts). */
/**
 * What the sidebar's badge and the consumables page's alerts count, one figure: every line the alerts list —
 * items low on stock, lots expiring soon, expired lots still holding stock, items whose uses went short.
 */
export function consumableAlertTotal(counts: { low_stock: number; expiring_soon: number; expired_with_stock: number; uses_short: number }): number {
  return counts.low_stock + counts.expiring_soon + counts.expired_with_stock + counts.uses_short;
}

export const consumableAlerts = z.object({
  /** Every alert, as `consumableAlertTotal` counts them: the sidebar's badge and the page's alerts tab. */
  alerts: z.number(),
  low_stock: z.number(),
  expiring_soon: z.number(),
  expired_with_stock: z.number(),
  uses_short: z.number(),
  low_stock_items: z.array(consumableLowStockAlert),
  expiring_lots: z.array(consumableLotAlert),
  expired_lots: z.array(consumableLotAlert),
  short_items: z.array(consumableShortAlert),
});
export type ConsumableAlerts = z.infer<typeof consumableAlerts>;
