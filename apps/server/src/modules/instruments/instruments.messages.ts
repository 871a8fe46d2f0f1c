import type { MessageDetail, MessageItem, messageListQuery } from '@nlims/contracts';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../core/db.js';
import { notFound, ValidationError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { iso } from '../../core/sql-values.js';
import { machineSettings } from '../facility-settings/facility-settings.table.js';
import { inMachines, messageSeen, queueScope } from './instruments.access.js';
import { visibleControls } from './instruments.astm.js';
import { page } from './instruments.queue.js';
import { instrumentMessages, instrumentUnmatched } from './instruments.table.js';

const messageColumns = {
  id: instrumentMessages.id,
  machine: instrumentMessages.machineId,
  machine_name: machineSettings.name,
  protocol: instrumentMessages.protocol,
  direction: instrumentMessages.direction,
  kind: instrumentMessages.kind,
  status: instrumentMessages.status,
  control_id: instrumentMessages.controlId,
  error: instrumentMessages.error,
  remote: instrumentMessages.remote,
  reply_to: instrumentMessages.replyTo,
  received_at: instrumentMessages.receivedAt,
  unmatched: sql<number>`(select count(*)::int from ${instrumentUnmatched} u where u.message_id = ${instrumentMessages.id})`,
};
type MessageRow = { [K in keyof typeof messageColumns]: unknown };
const messageItemOf = (r: MessageRow): MessageItem => ({ ...r, received_at: iso(r.received_at)! }) as MessageItem;

/** Lagos midnight of a YYYY-MM-DD day. */
const lagosDay = (day: string, plus = 0) => new Date(new Date(`${day}T00:00:00+01:00`).getTime() + plus * 86_400_000);

export async function listMessages(tx: Tx, p: Principal, q: z.output<typeof messageListQuery>) {
  const { facilityId, machines } = await queueScope(tx, p);
  if (q.start_date && q.end_date && q.end_date < q.start_date) throw ValidationError.field('end_date', 'The end date is before the start date.');
  const where = and(
    eq(instrumentMessages.facilityId, facilityId),
    inMachines(instrumentMessages.machineId as never, machines),
    q.machine ? eq(instrumentMessages.machineId, q.machine) : undefined,
    q.status ? eq(instrumentMessages.status, q.status) : undefined,
    q.direction ? eq(instrumentMessages.direction, q.direction) : undefined,
    q.start_date ? gte(instrumentMessages.receivedAt, lagosDay(q.start_date)) : undefined,
    q.end_date ? lt(instrumentMessages.receivedAt, lagosDay(q.end_date, 1)) : undefined,
  );
  const rows = await tx
    .select({ ...messageColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(instrumentMessages)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentMessages.machineId))
    .where(where)
    .orderBy(desc(instrumentMessages.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return page(
    rows.map(({ total: _t, ...r }) => messageItemOf(r)),
    rows[0]?.total ?? 0,
    q.page,
    q.page_size,
  );
}

export async function getMessage(tx: Tx, p: Principal, id: number): Promise<MessageDetail> {
  const { facilityId, machines, readable } = await queueScope(tx, p);
  const [row] = await tx
    .select({ ...messageColumns, raw: instrumentMessages.raw })
    .from(instrumentMessages)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentMessages.machineId))
    .where(
      and(
        eq(instrumentMessages.id, id),
        eq(instrumentMessages.facilityId, facilityId),
        inMachines(instrumentMessages.machineId as never, machines),
        messageSeen(facilityId, readable),
      ),
    );
  if (!row) throw notFound();
  const replies = await tx
    .select(messageColumns)
    .from(instrumentMessages)
    .innerJoin(machineSettings, eq(machineSettings.id, instrumentMessages.machineId))
    .where(eq(instrumentMessages.replyTo, id))
    .orderBy(instrumentMessages.id);
  const { raw, ...item } = row;
  return { ...messageItemOf(item), raw: visibleControls(raw).replace(/\r(?!\n)/g, '\n'), replies: replies.map(messageItemOf) };
}
