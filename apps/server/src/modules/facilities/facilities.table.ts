import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { lgas, states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';
import { labNetworks } from '../reference/reference.table.js';

export const facilities = pgTable('facilities', {
  id: serial('id').primaryKey(),
  facilityName: text('facility_name').notNull(),
  facilityCode: text('facility_code').notNull().unique(),
  /** public, private or clinical */
  facilityType: text('facility_type').notNull(),
  /** Primary, Secondary, Reference, Research, Tertiary */
  tier: text('tier').notNull(),
  stateId: integer('state_id')
    .notNull()
    .references(() => states.id),
  lgaId: integer('lga_id')
    .notNull()
    .references(() => lgas.id),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  isTestingLab: boolean('is_testing_lab').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  /** Whether the person who verified a result may also approve it (DESIGN §3; one-supervisor labs). */
  verifierMayApprove: boolean('verifier_may_approve').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The programmes a facility runs. */
export const facilityPrograms = pgTable(
  'facility_programs',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.programId] })],
);

/** The laboratory networks a facility belongs to. */
export const facilityLabNetworks = pgTable(
  'facility_lab_networks',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    labNetworkId: integer('lab_network_id')
      .notNull()
      .references(() => labNetworks.id),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.labNetworkId] })],
);
