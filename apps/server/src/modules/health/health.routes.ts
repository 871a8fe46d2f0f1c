import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../core/db.js';
import { DATABASE_RETRY_AFTER_S } from '../../core/error-handler.js';
import type { App } from '../../core/types.js';

const healthReply = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  database_kind: z.string(),
  /** Demo accounts with the well-known password are active: every page shows "Demonstration data — not for patients". */
  demo: z.boolean(),
  /** Why the status is not ok (the database cannot be reached). */
  detail: z.string().optional(),
});

export function healthRoutes(app: App, database: Database): void {
  app.get(
    '/api/health/',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database status, and whether demo accounts are active',
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (_request, reply) => {
      try {
        const result = await database.db.execute(sql`select exists (select 1 from users where is_demo and is_active) as demo`);
        const demo = Boolean((result as unknown as { rows: { demo: boolean }[] }).rows[0]?.demo);
        return { status: 'ok' as const, database: 'ok' as const, database_kind: database.kind, demo };
      } catch {
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send({ status: 'error', database: 'error', database_kind: database.kind, demo: false, detail: 'The database cannot be reached.' });
      }
    },
  );
}
