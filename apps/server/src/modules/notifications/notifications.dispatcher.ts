import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../core/db.js';
import { criticalAlerts, notificationOutbox } from './notifications.table.js';
import { heldInvoiceSql } from './notifications.payment-hold.js';
import type { NotificationProvider } from './providers/provider.js';

export interface DispatcherOptions {
  /** The first retry's delay; each further attempt waits twice as long. */
  retryMs: number;
  maxAttempts: number;
  pollMs: number;
  /** Messages claimed per round. */
  batch?: number;
  log?: { warn(message: string): void };
}

/** A row left `sending` this long (its process died mid-send) is queued again. */
const STALE_SENDING = '10 minutes';

const live = new Set<Dispatcher>();

/** Wake every dispatcher of this process soon: a critical value is due now. Called inside the enqueuing transaction, so the rows are looked for again a moment later too. */
export function kickDispatchers(): void {
  for (const d of live) d.soon();
}

interface Claimed {
  id: number;
  channel: 'sms' | 'email';
  address: string;
  subject: string;
  body: string;
  attempts: number;
  event: string;
  result_id: number | null;
}

/**
 * Sends the outbox. Each process runs one; rows are claimed with `for update skip locked`, so several processes (a
 * cluster's workers) share the work without sending a row twice. A claimed row is `sending` with one more attempt;
 * then `sent` with the provider's id, or queued again after `retryMs × 2^(attempts−1)`, or `failed` with the reason
 * after the last attempt. A channel without a provider is never claimed: its messages wait, queued. Nor is a message
 * held for payment (notifications.payment-hold.ts): it is looked at again each round, and goes once the invoice is paid.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    readonly providers: Partial<Record<'sms' | 'email', NotificationProvider>>,
    private readonly options: DispatcherOptions,
  ) {}

  get channels(): ('sms' | 'email')[] {
    return (['sms', 'email'] as const).filter((c) => this.providers[c]);
  }

  start(): void {
    if (this.timer || !this.channels.length) return;
    live.add(this);
    this.timer = setInterval(() => void this.drain().catch(() => undefined), this.options.pollMs);
    this.timer.unref();
  }

  /** Look for due messages in a moment, and once more a little later (the enqueuing transaction may not have committed yet). */
  soon(): void {
    if (!this.timer) return;
    for (const ms of [100, 1_000]) {
      const t = setTimeout(() => {
        this.pending.delete(t);
        void this.drain().catch(() => undefined);
      }, ms);
      t.unref();
      this.pending.add(t);
    }
  }

  async stop(): Promise<void> {
    live.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
    await this.running?.catch(() => undefined);
    await Promise.all(Object.values(this.providers).map((p) => p?.close?.()));
  }

  /** Send what is due until nothing is; one round at a time per process. Answers the messages attempted. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const n = await this.round();
            total += n;
            if (n === 0) break;
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }

  private async round(): Promise<number> {
    const channels = this.channels;
    if (!channels.length) return 0;
    const claimed = rowsOf<Claimed>(
      await this.db.execute(sql`
        update ${notificationOutbox} o set status = 'sending', attempts = o.attempts + 1, next_attempt_at = now()
        where o.id in (
          select due.id from ${notificationOutbox} due
          where (due.status = 'queued' and due.next_attempt_at <= now()
                 or due.status = 'sending' and due.next_attempt_at < now() - ${STALE_SENDING}::interval)
            and due.channel in (${sql.join(
              channels.map((c) => sql`${c}`),
              sql`, `,
            )})
            and ${heldInvoiceSql('due')} is null
          order by due.next_attempt_at, due.id
          limit ${this.options.batch ?? 20}
          for update of due skip locked)
        returning o.id, o.channel, o.address, o.subject, o.body, o.attempts, o.event, o.result_id`),
    );
    await Promise.all(claimed.map((row) => this.send(row)));
    return claimed.length;
  }

  private async send(row: Claimed): Promise<void> {
    const provider = this.providers[row.channel]!;
    try {
      const { providerId } = await provider.send({ to: row.address, subject: row.subject, body: row.body, reference: `nlims-${row.id}` });
      // One statement: a critical value's alert reads "notified" from the moment its message reads "sent", never between.
      await this.db.execute(sql`
        with sent as (
          update ${notificationOutbox} set status = 'sent', sent_at = now(), provider_id = ${providerId}, last_error = ''
          where id = ${row.id} and status = 'sending'
          returning event, result_id)
        update ${criticalAlerts} set notified_at = coalesce(notified_at, now())
        where result_id = (select result_id from sent where event = 'critical_value')`);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
      const failed = row.attempts >= this.options.maxAttempts;
      const delay = this.options.retryMs * 2 ** Math.max(0, row.attempts - 1);
      await this.db.execute(sql`update ${notificationOutbox}
        set status = ${failed ? 'failed' : 'queued'}, last_error = ${reason},
            next_attempt_at = now() + ${`${delay} milliseconds`}::interval
        where id = ${row.id} and status = 'sending'`);
      if (failed) this.options.log?.warn(`notification ${row.id} failed after ${row.attempts} attempts: ${reason}`);
    }
  }
}
