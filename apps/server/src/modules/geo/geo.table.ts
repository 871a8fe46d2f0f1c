import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
});

export const lgas = pgTable(
  'lgas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
  },
  (t) => [uniqueIndex('lgas_state_name_uq').on(t.stateId, t.name)],
);
