import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { programItem, requestFormQuery, requestFormReply } from '@nlims/contracts';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { programs } from './programs.table.js';
import { negotiateLanguage, requestForm } from './request-form.js';

export function programsRoutes(app: App, db: Db): void {
  app.get('/api/program/', { schema: { tags: ['lookups'], summary: 'The programmes', response: { 200: z.array(programItem) } } }, () =>
    db.select().from(programs).orderBy(asc(programs.id)),
  );
  app.get(
    '/api/request_form/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'A programme’s request form: fields, kinds, choices, conditions, labels in the caller’s language, and its JSON Schema',
        querystring: requestFormQuery,
        response: { 200: requestFormReply },
      },
    },
    (request) => requestForm(request.query.program, negotiateLanguage(request.query.lang, request.headers['accept-language'])),
  );
}
