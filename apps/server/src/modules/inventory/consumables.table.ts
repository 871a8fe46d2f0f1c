import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { testTypes } from '../catalogue/catalogue.table.js';
import { facilities } from '../facilities/facilities.table.js';
import { benches, manufacturers, measureUnits, suppliers } from '../reference/reference.table.js';
import { testOrders } from '../samples/samples.table.js';
import { users } from '../users/users.table.js';

const facility = () =>
  integer('facility_id')
    .notNull()
    .references(() => facilities.id);
const user = (name: string) => integer(name).references(() => users.id);

/**
 * `consumable_generic/`: an item a facility stocks — a reagent, kit, cartridge,
 * RDT or general supply. Quantities are whole units of `unit` (a cartridge, a
 * test, a bottle); a pack holds `pack_size` units.
 */
export const consumableItems = pgTable(
  'consumable_items',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    name: text('name').notNull(),
    /** reagent, kit, cartridge, rdt, supply. */
    category: text('category').notNull(),
    unitId: integer('unit_id').references(() => measureUnits.id),
    packSize: integer('pack_size').notNull().default(1),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    /** At or below this many usable units the item is low on stock. */
    reorderLevel: integer('reorder_level').notNull().default(0),
    /** How many days before a lot's expiry it is listed as expiring soon. */
    expiryWarningDays: integer('expiry_warning_days').notNull().default(60),
    /** Days a lot stays usable once opened (null: until its expiry). */
    openStabilityDays: integer('open_stability_days'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: user('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consumable_items_name_uq').on(t.facilityId, sql`lower(${t.name})`)],
);

/** `consumable_config/`: a test that uses an item, how many units one run takes, and whether entering its result uses them. */
export const consumableConfigs = pgTable(
  'consumable_configs',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => consumableItems.id),
    testTypeId: integer('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    quantityPerTest: integer('quantity_per_test').notNull().default(1),
    automatic: boolean('automatic').notNull().default(true),
  },
  (t) => [uniqueIndex('consumable_configs_uq').on(t.itemId, t.testTypeId), index('consumable_configs_test_idx').on(t.testTypeId)],
);

/** `consumable/`: a lot of an item received at the facility. Its stock sits in `consumable_balances`, moved only by stock lines. */
export const consumableLots = pgTable(
  'consumable_lots',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    itemId: integer('item_id')
      .notNull()
      .references(() => consumableItems.id),
    lotNumber: text('lot_number').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** Units received in all (the first receipt and any later ones). */
    quantityReceived: integer('quantity_received').notNull(),
    /** Cost of one unit, in kobo. */
    unitCostKobo: integer('unit_cost_kobo').notNull().default(0),
    /** active, quarantined, disposed (expired is read from the dates). */
    status: text('status').notNull().default('active'),
    openedOn: date('opened_on', { mode: 'string' }),
    /** The earlier of the expiry and the opened date plus the item's stability. */
    openedExpiry: date('opened_expiry', { mode: 'string' }),
    createdBy: user('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consumable_lots_number_uq').on(t.itemId, sql`lower(${t.lotNumber})`), index('consumable_lots_facility_idx').on(t.facilityId, t.itemId)],
);

/**
 * What a lot holds at one place: the store (bench null) or a bench it was
 * issued to. Written only with a stock line in the same transaction; never
 * below zero.
 */
export const consumableBalances = pgTable(
  'consumable_balances',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => consumableLots.id),
    benchId: integer('bench_id').references(() => benches.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    uniqueIndex('consumable_balances_place_uq').on(t.lotId, sql`coalesce(${t.benchId}, 0)`),
    check('consumable_balances_not_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The stock card: every receipt, issue to a bench, use, adjustment, disposal
 * and physical count of a lot at one place, with the balance after it.
 */
export const stockLines = pgTable(
  'stock_lines',
  {
    id: serial('id').primaryKey(),
    facilityId: facility(),
    itemId: integer('item_id')
      .notNull()
      .references(() => consumableItems.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => consumableLots.id),
    benchId: integer('bench_id').references(() => benches.id),
    /** receipt, issue (out of the store), issued (into a bench), use, adjustment, disposal, count. */
    kind: text('kind').notNull(),
    /** Signed units: + in, − out. */
    quantity: integer('quantity').notNull(),
    balance: integer('balance').notNull(),
    /** An adjustment's or disposal's reason: damaged, expired, lost, stolen, cold_chain, count_correction. */
    reason: text('reason'),
    note: text('note').notNull().default(''),
    /** The test whose result used it (automatic use). */
    testOrderId: integer('test_order_id').references(() => testOrders.id),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    userId: user('user_id'),
  },
  (t) => [
    index('stock_lines_lot_idx').on(t.lotId, t.id),
    index('stock_lines_item_idx').on(t.facilityId, t.itemId, t.occurredOn),
    index('stock_lines_test_idx').on(t.testOrderId).where(sql`test_order_id is not null`),
  ],
);
