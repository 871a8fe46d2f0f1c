import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.table.js';

/** A user's name as the pages show it (first and last name, else the username), for a column or expression holding the user's id. */
export const userName = (id: SQL | AnyPgColumn): SQL<string> =>
  sql<string>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) from ${users} u where u.id = ${id})`;
