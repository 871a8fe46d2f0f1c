import { z } from 'zod';
import {
  bulkSampleIds,
  collectBody,
  emptyBody,
  historyItem,
  idParams,
  orderBody,
  orderCreated,
  PROGRAMS,
  type ProgramForm,
  programsOfForm,
  reasonBody,
  rejectSampleBody,
  type SampleAction,
  sampleDetail,
  statusCount,
} from '@nlims/contracts';
import { principalOf } from '../../core/auth.js';
import type { Principal } from '../../core/principal.js';
import type { Db, Tx } from '../../core/db.js';
import { ValidationError } from '../../core/errors.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import { registerResource } from '../../core/resource.js';
import type { App } from '../../core/types.js';
import { inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.service.js';
import { sampleTypes } from '../reference/reference.table.js';
import { FORMS } from './forms.js';
import { getSample, sampleHistory, sampleResource, statusCounts } from './samples.read.js';
import { createOrder, type MoveInput, moveSample, moveSamples, orderFollowOn, requireMoveAmong, requireOrderAmong } from './samples.service.js';
import { describeRequestForms } from '../programs/request-form.js';
import { workplanResource } from './workplan.js';

const tags = ['samples'];

const ACTIONS: [SampleAction, z.ZodObject & z.ZodType<MoveInput>][] = [
  ['collect', collectBody],
  ['accept', emptyBody],
  ['reject', rejectSampleBody],
  ['hold', reasonBody],
  ['release', emptyBody],
  ['cancel', emptyBody],
];

/** `?program__name=`: one of the programmes registered when the routes are built. */
const programQuery = () => z.object({ program__name: z.enum(PROGRAMS as [string, ...string[]], { error: 'Unknown programme.' }).optional() });

/**
 * The routes of one wire form (DESIGN §4): the same moves, reads and
 * documents for every programme, as `general_order/`, `tb_sample/`,
 * `eid_sample/`, `vl_sample/` and `public_health_sample/`. The programme
 * definitions decide who may do what; the form decides which programmes'
 * samples the path serves (another's sample is a 404 here).
 */
function formRoutes(app: App, db: Db, form: ProgramForm): void {
  const base = `/api/${form}`;
  const served = programsOfForm(form);
  // Who may call, decided before the body is read: the permission in one of the form's programmes.
  const orders = { may: (p: Principal) => requireOrderAmong(p, served) };
  const moves = (action: SampleAction) => ({ may: (p: Principal) => requireMoveAmong(p, served, action) });
  registerResource(app, db, sampleResource(form));
  // The document describes `form` as the request form of each programme the path serves (GET /api/request_form/ too).
  const body = orderBody.extend({ form: orderBody.shape.form.meta(describeRequestForms(served)) });
  app.post(
    `${base}/`,
    { config: orders, schema: { tags, summary: `Order tests for a client (${form})`, headers: idempotencyHeaders, body, response: { 201: orderCreated } } },
    (request, reply) =>
      idempotentCreate(db, request, reply, 201, async (tx) => {
        const placed = await createOrder(tx, principalOf(request), form, request.body);
        return { id: placed.order.id, lab_number: placed.order.labNumber, program: placed.program.name, samples: await createdSamples(tx, placed.samples) };
      }),
  );
  // The detail carries the client and each test's current result. Views and exports of patients' data are
  // audited under `sample_access`, apart from the sample's own history (entity `sample`).
  app.get(
    `${base}/:id/`,
    { schema: { tags, summary: `A sample with its order and tests (${form})`, params: idParams, response: { 200: sampleDetail } } },
    async (request) => {
      const p = principalOf(request);
      const sample = await getSample(db, p, form, request.params.id);
      await recordAudit(db, p, { action: 'sample.view', entity: 'sample_access', entityId: String(request.params.id) });
      return sample;
    },
  );
  for (const [action, body] of ACTIONS) {
    app.post(
      `${base}/:id/${action}/`,
      { config: moves(action), schema: { tags, summary: `Sample move: ${action} (${form})`, params: idParams, body, response: { 200: sampleDetail } } },
      async (request) => {
        const p = principalOf(request);
        await db.transaction((tx) => moveSample(tx, p, served, request.params.id, action, request.body));
        return getSample(db, p, form, request.params.id);
      },
    );
    // Many samples at once (a reception bench scanning a rack): all or nothing.
    app.post(
      `${base}/${action}/`,
      {
        config: moves(action),
        schema: {
          tags,
          summary: `Sample move on many samples: ${action} (${form})`,
          body: bulkSampleIds.extend(body.shape),
          response: { 200: z.object({ ids: z.array(z.number()), detail: z.string() }) },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { ids, ...input } = request.body as { ids: number[] };
        const unique = [...new Set(ids)];
        await db.transaction((tx) => moveSamples(tx, p, served, unique, action, input));
        return { ids: unique, detail: 'Operation successfully' };
      },
    );
  }
  app.post(
    `${base}/:id/follow_on/`,
    {
      config: orders,
      schema: {
        tags,
        summary: `Order the programme's next tests on a new sample of the same order (${form})`,
        params: idParams,
        body: emptyBody,
        response: { 201: orderCreated },
      },
    },
    async (request, reply) => {
      const placed = await db.transaction(async (tx) => {
        const made = await orderFollowOn(tx, principalOf(request), served, request.params.id);
        return { id: made.order.id, lab_number: made.order.labNumber, program: made.program.name, samples: await createdSamples(tx, made.samples) };
      });
      return reply.status(201).send(placed);
    },
  );
  app.get(
    `${base}/:id/history/`,
    { schema: { tags, summary: `A sample's history (${form})`, params: idParams, response: { 200: z.array(historyItem) } } },
    (request) => sampleHistory(db, principalOf(request), form, request.params.id),
  );
}

/** The samples a create made, with their sample type names, for the reply. */
async function createdSamples(tx: Tx, created: Awaited<ReturnType<typeof createOrder>>['samples']) {
  const ids = created.map((s) => s.sample_type).filter((x): x is number => x != null);
  const names = ids.length ? await tx.select({ id: sampleTypes.id, name: sampleTypes.name }).from(sampleTypes).where(inArray(sampleTypes.id, ids)) : [];
  return created.map((s) => ({ ...s, completed: false, sample_type_name: names.find((n) => n.id === s.sample_type)?.name ?? null }));
}

export function samplesRoutes(app: App, db: Db): void {
  for (const form of FORMS) formRoutes(app, db, form);
  registerResource(app, db, workplanResource);
  // Counts for the sidebar badges and dashboards, per programme (`program__name`), from the running counts.
  const counts: [string, readonly string[], string][] = [
    ['general_order_count', ['General'], 'Samples and results by status (General)'],
    ['public_health_count', PROGRAMS.filter((n) => n !== 'General'), 'Samples and results by status (the other programmes)'],
    ['test_status_count', PROGRAMS, 'Samples and results by status (any programme)'],
  ];
  for (const [path, among, summary] of counts) {
    app.get(`/api/${path}/`, { schema: { tags, summary, querystring: programQuery(), response: { 200: z.array(statusCount) } } }, (request) => {
      const named = request.query.program__name;
      if (named && !among.includes(named)) throw ValidationError.field('program__name', `Choose one of: ${among.join(', ')}.`);
      return statusCounts(db, principalOf(request), named ? [named] : among);
    });
  }
}
