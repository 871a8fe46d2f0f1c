import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../core/db.js';
import type { App } from '../../core/types.js';

const healthReply = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']), database_kind: z.string() });

export function healthRoutes(app: App, database: Database): void {
  app.get(
    '/api/health/',
    { config: { public: true }, schema: { tags: ['health'], summary: 'Liveness and database status', response: { 200: healthReply, 503: healthReply } } },
    async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, database_kind: database.kind };
      } catch {
        return reply.status(503).send({ status: 'error', database: 'error', database_kind: database.kind });
      }
    },
  );
}
