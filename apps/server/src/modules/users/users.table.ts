import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { facilities } from '../facilities/facilities.table.js';
import { lgas, states } from '../geo/geo.table.js';
import { programs } from '../programs/programs.table.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    facilityId: integer('facility_id').references(() => facilities.id),
    /** 1 federal, 2 state, 3 LGA, 4 other: set for tier users only. */
    userLocation: integer('user_location'),
    stateId: integer('state_id').references(() => states.id),
    lgaId: integer('lga_id').references(() => lgas.id),
    department: text('department'),
    /** Created by the demo seed with the well-known password: while one is active, every page says so. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [index('users_facility_idx').on(t.facilityId)],
);

/** A role is held per programme (SPEC §6). */
export const userProgramRoles = pgTable(
  'user_program_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.programId] })],
);

/**
 * Password-attempt throttles per key (`acct:<username>` or `ip:<address>`):
 * consecutive failures and the time of the last attempt let through.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** No longer written true: a refused attempt leaves its row unchanged (kept so no migration is needed). */
  refused: boolean('refused').notNull().default(false),
});
