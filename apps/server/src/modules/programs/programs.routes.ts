import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { programItem } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { programs } from './programs.table.js';

export function programsRoutes(app: App, db: Db): void {
  app.get('/api/program/', { schema: { tags: ['lookups'], summary: 'The programmes', response: { 200: z.array(programItem) } } }, () =>
    db.select().from(programs).orderBy(asc(programs.id)),
  );
}
