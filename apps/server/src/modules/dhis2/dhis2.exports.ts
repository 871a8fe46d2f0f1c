/** Sending a month's payload — a dry run or the import — and the history of what was sent, in dhis2_exports. */
import type { Dhis2ExportDetail, Dhis2ExportItem, Dhis2Payload, Dhis2Scope, Dhis2SendBody } from '@nlims/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import { refusalOf } from '../../core/outbound.js';
import { type SecretBox, SecretUnreadable } from '../../core/secret-box.js';
import { iso } from '../../core/sql-values.js';
import { recordAudit } from '../audit/audit.service.js';
import { type Principal, userName } from '../users/users.service.js';
import { requireDhis2Admin } from './dhis2.access.js';
import { type Dhis2Outcome, dhis2Outbound, postDataValueSets, REFUSAL_MESSAGES } from './dhis2.client.js';
import { buildPreview } from './dhis2.payload.js';
import { PASSWORD_PLACE, settingsRow } from './dhis2.settings.js';

interface ExportRow {
  id: number;
  period: string;
  scope: Dhis2Scope;
  data_set: string;
  dry_run: boolean;
  status: 'sent' | 'failed';
  value_count: number;
  http_status: number | null;
  imported: number;
  updated: number;
  ignored: number;
  deleted: number;
  conflicts: Dhis2ExportItem['conflicts'];
  error: string;
  created_by: string | null;
  created_at: unknown;
  payload?: Dhis2Payload;
  import_status: string | null;
}

const exportColumns = sql`e.id, e.period, e.scope, e.data_set, e.dry_run, e.status, e.value_count, e.http_status, e.imported, e.updated,
  e.ignored, e.deleted, e.conflicts, e.error,
  coalesce(e.summary->'response'->>'status', e.summary->>'status', '') as import_status,
  case when e.created_by is null then null else ${userName(sql`e.created_by`)} end as created_by, e.created_at`;

const exportItem = (r: ExportRow): Dhis2ExportItem => ({
  id: r.id,
  period: r.period,
  scope: r.scope,
  data_set: r.data_set,
  dry_run: r.dry_run,
  status: r.status,
  import_status: r.import_status ?? '',
  value_count: r.value_count,
  http_status: r.http_status,
  imported: r.imported,
  updated: r.updated,
  ignored: r.ignored,
  deleted: r.deleted,
  conflicts: r.conflicts ?? [],
  error: r.error,
  created_by: r.created_by,
  created_at: iso(r.created_at)!,
});

export async function listExports(db: Tx, p: Principal): Promise<Dhis2ExportItem[]> {
  requireDhis2Admin(p);
  return rowsOf<ExportRow>(await db.execute(sql`select ${exportColumns} from dhis2_exports e order by e.id desc limit 200`)).map(exportItem);
}

export async function getExport(db: Tx, p: Principal, id: number): Promise<Dhis2ExportDetail> {
  requireDhis2Admin(p);
  const [row] = rowsOf<ExportRow>(await db.execute(sql`select ${exportColumns}, e.payload from dhis2_exports e where e.id = ${id}`));
  if (!row) throw notFound();
  return { ...exportItem(row), payload: row.payload! };
}

/**
 * Send the month's payload for the scope to the configured server, as a dry run or for real, and keep what DHIS2
 * answered (or why it could not be reached) with one audit row. The request to DHIS2 is made outside any
 * transaction; its outcome is written in one.
 */
export async function sendExport(db: Db, p: Principal, body: Dhis2SendBody, secrets: SecretBox, send = postDataValueSets): Promise<Dhis2ExportDetail> {
  requireDhis2Admin(p);
  const settings = await settingsRow(db);
  for (const [field, value] of [
    ['base_url', settings.base_url],
    ['username', settings.username],
    ['password', settings.password],
    ['data_set', settings.data_set],
  ] as const)
    if (!value) throw ValidationError.field(field, 'The DHIS2 server is not configured: set its address, username, password and data set first.');
  // An address kept before the outbound policy, or one the operator no longer allows: nothing is sent.
  const refusal = refusalOf(new URL(settings.base_url), dhis2Outbound());
  if (refusal) throw ValidationError.field('base_url', REFUSAL_MESSAGES[refusal]);
  const preview = await buildPreview(db, p, body);
  if (!preview.payload.dataValues.length) throw ValidationError.field('period', 'Nothing to send: no mapped value for this month and scope.');
  let password: string;
  try {
    password = secrets.open(settings.password, PASSWORD_PLACE);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    throw ValidationError.field('password', 'The kept password cannot be read with the server’s secret (JWT_SECRET changed): enter it again.');
  }
  const outcome: Dhis2Outcome = await send({ baseUrl: settings.base_url, username: settings.username, password }, preview.payload, body.dry_run);
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into dhis2_exports (period, scope, data_set, dry_run, status, value_count, payload, http_status,
          imported, updated, ignored, deleted, conflicts, summary, error, created_by)
        values (${body.period}, ${JSON.stringify(preview.scope)}::jsonb, ${settings.data_set}, ${body.dry_run}, ${outcome.ok ? 'sent' : 'failed'},
          ${preview.payload.dataValues.length}, ${JSON.stringify(preview.payload)}::jsonb, ${outcome.httpStatus},
          ${outcome.imported}, ${outcome.updated}, ${outcome.ignored}, ${outcome.deleted}, ${JSON.stringify(outcome.conflicts)}::jsonb,
          ${outcome.summary == null ? null : JSON.stringify(outcome.summary)}::jsonb, ${outcome.error}, ${p.id})
        returning id`),
    );
    await recordAudit(tx, p, {
      action: body.dry_run ? 'dhis2.dry_run' : 'dhis2.sent',
      entity: 'dhis2_exports',
      entityId: String(row!.id),
      after: {
        period: body.period,
        scope: preview.scope,
        values: preview.payload.dataValues.length,
        status: outcome.ok ? 'sent' : 'failed',
        import_status: outcome.importStatus,
        imported: outcome.imported,
        updated: outcome.updated,
        ignored: outcome.ignored,
        conflicts: outcome.conflicts.length,
        error: outcome.error,
      },
    });
    return getExport(tx, p, row!.id);
  });
}
