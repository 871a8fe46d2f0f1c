import { type BillingHold, holdMessage } from '@nlims/contracts';
import type { Tx } from '../../core/db.js';
import { AppError } from '../../core/errors.js';
import type { Principal } from '../users/users.service.js';
import { holdsFor } from './billing.invoices.js';

/** 409: the result is held until its invoice is paid; the body names the invoice and the balance for the page to say. */
export class BillingHoldError extends AppError {
  constructor(readonly hold: BillingHold) {
    super(409, holdMessage(hold));
  }
  override body() {
    return { detail: this.message, hold: this.hold };
  }
}

/**
 * Refuse a sample's report while the facility holds results until paid and the order's invoice at the caller's
 * facility has a balance (one query). A testing laboratory printing a referred sample's report is not held by the
 * referring facility's invoice; the referring facility is, on its own copy.
 */
export async function assertReportReleasable(db: Tx, p: Principal, sampleId: number): Promise<void> {
  const [held] = await holdsFor(db, p, { sample: sampleId });
  if (held) throw new BillingHoldError(held);
}
