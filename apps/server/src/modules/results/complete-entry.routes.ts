import { completeEntryBody, programsOfForm, sampleDetail } from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import type { Principal } from '../../core/principal.js';
import type { App } from '../../core/types.js';
import { FORMS } from '../samples/forms.js';
import { getSample } from '../samples/samples.read.js';
import { requireOrderAmong } from '../samples/samples.service.js';
import { completeEntry } from './complete-entry.js';

const tags = ['samples'];

/**
 * `POST /api/<form>/complete_entry/`: a paper record entered after the fact — order, collection, reception and
 * results in one move. It belongs with the results (it enters them); the path is the sample form's.
 */
export function completeEntryRoutes(app: App, db: Db): void {
  for (const form of FORMS) {
    const served = programsOfForm(form);
    // Who may call, decided before the body is read: the permission to order in one of the form's programmes.
    const orders = { may: (p: Principal) => requireOrderAmong(p, served) };
    app.post(
      `/api/${form}/complete_entry/`,
      {
        config: orders,
        schema: {
          tags,
          summary: `Retrospective entry of a paper record (${form})`,
          headers: idempotencyHeaders,
          body: completeEntryBody,
          response: { 201: sampleDetail },
        },
      },
      (request, reply) =>
        idempotentCreate(db, request, reply, 201, async (tx) => {
          const p = principalOf(request);
          const id = await completeEntry(tx, p, form, request.body);
          return getSample(tx, p, form, id);
        }),
    );
  }
}
