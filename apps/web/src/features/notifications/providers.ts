import type { OutboxItem, OutboxPage } from '@nlims/contracts';

export type Channel = OutboxItem['channel'];

/**
 * What the outbox's notice says about the providers: the channels with none configured (their new messages stay
 * queued), and whether the page shows messages on those channels as sent or delivered — which only a provider can
 * have done, so one configured earlier; the notice then says so rather than contradict the rows.
 */
export function providerNotice(providers: OutboxPage['providers'] | undefined, rows: readonly Pick<OutboxItem, 'channel' | 'status'>[]) {
  const missing: Channel[] = providers ? (['email', 'sms'] as const).filter((c) => !providers[c]) : [];
  const earlier = rows.some((r) => missing.includes(r.channel) && (r.status === 'sent' || r.status === 'delivered'));
  return { missing, earlier };
}
