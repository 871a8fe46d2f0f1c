import {
  NCR_SUMMARY_COLUMNS,
  ncrSummaryRows,
  idParams,
  idParam,
  ncrActionBody,
  ncrActionUpdateBody,
  ncrClassifyBody,
  ncrCloseBody,
  ncrCreateBody,
  ncrDetail,
  ncrDraft,
  ncrDraftQuery,
  ncrItem,
  ncrListQuery,
  ncrSummary,
  ncrSummaryQuery,
  ncrUpdateBody,
  paginated,
} from '@nlims/contracts';
import { z } from 'zod';
import { onlyIf, principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import { forbidden, ValidationError } from '../../core/errors.js';
import type { App } from '../../core/types.js';
import { jsonOrFile, sendTable } from '../../core/export/xlsx.js';
import { signatureValid } from '../users/users.service.js';
import { managesQuality, requireManager, staffFacility } from './nonconformity.access.js';
import { draftReport } from './nonconformity.draft.js';
import { getReport, listReports } from './nonconformity.read.js';
import { addAction, classifyReport, closeReport, createReport, updateAction, updateReport } from './nonconformity.service.js';
import { counts, responsibles, summary } from './nonconformity.summary.js';

const tags = ['non-conformity'];
const base = '/api/non_conformity_report';
/** Who may call, decided before the body is read: the facility's staff, or its supervisors, managers and administrators. */
const staff = { may: staffFacility };
const managers = { may: requireManager };
const CLOSERS_ONLY = 'Only a supervisor, manager or administrator may close a report.';

/** Non-conformity reports: reported by a facility's staff, classified, acted on and closed by its supervisors. */
export function nonConformityRoutes(app: App, db: Db): void {
  app.get(
    `${base}/`,
    {
      schema: { tags, summary: "The facility's non-conformity reports, newest event first", querystring: ncrListQuery, response: { 200: paginated(ncrItem) } },
    },
    (request) => listReports(db, principalOf(request), request.query),
  );
  app.post(
    `${base}/`,
    {
      config: staff,
      schema: { tags, summary: 'Report a non-conformity (any staff member of the facility)', body: ncrCreateBody, response: { 201: ncrDetail } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      return reply.code(201).send(await db.transaction((tx) => createReport(tx, p, request.body)));
    },
  );
  app.get(
    `${base}/draft/`,
    {
      schema: {
        tags,
        summary: 'A report pre-filled from an event the system saw (a rejected sample, a rejected QC run, an amended result); nothing is saved',
        querystring: ncrDraftQuery,
        response: { 200: ncrDraft },
      },
    },
    (request) => draftReport(db, principalOf(request), request.query),
  );
  app.get(
    `${base}/summary/`,
    {
      schema: {
        tags,
        summary: "A month's counts by type, severity and state, and the median days to close (the super admin: counts of every facility)",
        querystring: ncrSummaryQuery,
        response: { 200: jsonOrFile(ncrSummary, 'The month as JSON, or its counts as a CSV or XLSX download with `format`.') },
      },
    },
    async (request, reply) => {
      const month = await summary(db, principalOf(request), request.query);
      const format = request.query.format ?? 'json';
      if (format === 'json') return month;
      return sendTable(reply, format, `non-conformity-${month.month}`, ncrSummaryRows(month), NCR_SUMMARY_COLUMNS);
    },
  );
  app.get(
    `${base}/counts/`,
    {
      schema: {
        tags,
        summary: 'Open reports and overdue actions of the facility (the sidebar badge)',
        response: { 200: z.object({ open: z.number(), overdue_actions: z.number(), manages: z.boolean() }) },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return { ...(await counts(db, p)), manages: managesQuality(p) };
    },
  );
  app.get(
    `${base}/responsibles/`,
    {
      schema: {
        tags,
        summary: "The facility's active users, who may own an action",
        response: { 200: z.array(z.object({ id: z.number(), name: z.string() })) },
      },
    },
    (request) => responsibles(db, principalOf(request)),
  );
  app.get(
    `${base}/:id/`,
    { schema: { tags, summary: 'A report with its samples, actions and history', params: idParams, response: { 200: ncrDetail } } },
    (request) => getReport(db, principalOf(request), request.params.id),
  );
  app.patch(
    `${base}/:id/`,
    { config: staff, schema: { tags, summary: 'Correct what was reported', params: idParams, body: ncrUpdateBody, response: { 200: ncrDetail } } },
    (request) => db.transaction((tx) => updateReport(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    `${base}/:id/classify/`,
    {
      config: managers,
      schema: {
        tags,
        summary: 'Classify at investigation: category, type, quality-system essential, risk',
        params: idParams,
        body: ncrClassifyBody,
        response: { 200: ncrDetail },
      },
    },
    (request) => db.transaction((tx) => classifyReport(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    `${base}/:id/actions/`,
    {
      config: managers,
      schema: { tags, summary: 'Plan an immediate, corrective or preventive action', params: idParams, body: ncrActionBody, response: { 200: ncrDetail } },
    },
    (request) => db.transaction((tx) => addAction(tx, principalOf(request), request.params.id, request.body)),
  );
  app.patch(
    `${base}/:id/actions/:action/`,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Record an action done, or review whether it proved effective',
        params: z.object({ id: idParam, action: idParam }),
        body: ncrActionUpdateBody,
        response: { 200: ncrDetail },
      },
    },
    (request) => db.transaction((tx) => updateAction(tx, principalOf(request), request.params.id, request.params.action, request.body)),
  );
  app.post(
    `${base}/:id/close/`,
    {
      config: { may: onlyIf(managesQuality, CLOSERS_ONLY) },
      schema: {
        tags,
        summary: "Close the report: the effectiveness check, signed with the closer's password",
        params: idParams,
        body: ncrCloseBody,
        response: { 200: ncrDetail },
      },
    },
    async (request) => {
      const p = principalOf(request);
      // Settle what the report allows first (a 403 or 404 before the password is tried), then the signature.
      await getReport(db, p, request.params.id);
      if (!managesQuality(p)) throw forbidden(CLOSERS_ONLY);
      if (!(await signatureValid(db, p, request.body.password, request.ip)))
        throw ValidationError.field('password', 'Your password is not correct; the report was not closed.');
      return db.transaction((tx) => closeReport(tx, p, request.params.id, request.body.effectiveness_check));
    },
  );
}
