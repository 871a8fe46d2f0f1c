import { type SQL, sql } from 'drizzle-orm';
import { billingSettings, invoices } from '../billing/billing.table.js';
import { samples } from '../samples/samples.table.js';

/**
 * The number of the invoice a message waits for, as SQL over the outbox row of this alias (null when it waits for
 * none). A message that gives the client result values waits, as the report does, while the order's invoice has a
 * balance at a facility that holds results until paid (billing's `hold_until_paid`; the same balance as
 * billing/invoices.ts `holdsFor`). For a referred sample that is the referring facility's invoice: the client pays
 * there. The clinician's messages, critical values and a client's "results are ready" without values never wait.
 *
 * Read when the dispatcher claims a message and when the outbox is listed, never stored: a payment, a waiver or the
 * setting turned off releases the message at the dispatcher's next round, without billing knowing of messages.
 */
export const heldInvoiceSql = (alias: 'o' | 'due'): SQL => {
  const o = sql.raw(alias);
  return sql`(
  case when ${o}.recipient_kind = 'client' and ${o}.carries_values and ${o}.event in ('result_ready', 'result_amended') then
    (select i.number from ${samples} hs
     join ${invoices} i on i.order_id = hs.order_id
     join ${billingSettings} hb on hb.facility_id = i.facility_id and hb.hold_until_paid
     where hs.id = ${o}.sample_id and i.state <> 'cancelled' and i.total_kobo - i.discount_kobo - i.paid_kobo > 0
     limit 1)
  end)`;
};
