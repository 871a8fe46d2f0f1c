import { mayApproveBilling, mayReadBilling, mayTakePayments } from '@nlims/contracts';
import { forbidden } from '../../core/errors.js';
import { isFacilityAdminPrincipal, type Principal, staffFacilityOf } from '../users/principal.js';

/**
 * Who may do what with a facility's billing, in one place: the cash desk's roles (contracts'
 * BILLING_*_ROLES) in any programme of the caller's facility. The super admin and the tier users hold no
 * facility role and reach none of it; an administrator keeps the billing setting only.
 */

/** The caller's facility, when the caller is one of its staff (any role); 403 otherwise. */
export const staffFacility = (p: Principal): number => staffFacilityOf(p, 'Billing is kept by a facility’s staff.');

/** Reads invoices and payments: a manager, supervisor, receptionist or data clerk. */
export function billingReader(p: Principal): number {
  const facility = staffFacility(p);
  if (!mayReadBilling(p.roles)) throw forbidden('Only a manager, supervisor, receptionist or data clerk reads invoices and payments.');
  return facility;
}

/** Takes payments and asks for discounts, waivers and refunds: a supervisor, receptionist or data clerk. */
export function cashier(p: Principal): number {
  const facility = staffFacility(p);
  if (!mayTakePayments(p.roles)) throw forbidden('Only a supervisor, receptionist or data clerk takes payments or asks for discounts and refunds.');
  return facility;
}

/** Approves or declines: a supervisor or manager (who did not ask: checked on the request itself). */
export function approver(p: Principal): number {
  const facility = staffFacility(p);
  if (!mayApproveBilling(p.roles)) throw forbidden('Only a supervisor or manager approves or declines discounts, waivers and refunds.');
  return facility;
}

export const isCashier = (p: Principal) => !p.isSuperuser && p.facilityId != null && mayTakePayments(p.roles);
export const isApprover = (p: Principal) => !p.isSuperuser && p.facilityId != null && mayApproveBilling(p.roles);
export const isFacilityAdmin = (p: Principal) => p.facilityId != null && isFacilityAdminPrincipal(p);
