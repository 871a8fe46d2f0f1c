import { pgTable, serial, text } from 'drizzle-orm/pg-core';

export const programs = pgTable('programs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
