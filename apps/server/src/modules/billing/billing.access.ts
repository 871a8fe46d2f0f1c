import { billingApproverPrograms, billingCashierPrograms, billingReadPrograms, roleMay } from '@nlims/contracts';
import { type Column, type SQL, sql } from 'drizzle-orm';
import { forbidden } from '../../core/errors.js';
import { orders } from '../samples/samples.table.js';
import { isFacilityAdminPrincipal, type Principal, staffFacilityOf } from '../users/users.service.js';

/**
 * Who may do what with a facility's billing, in one place. Billing follows the programme rule of samples: the cash
 * desk's roles (contracts' BILLING_*_ROLES) count only in the programme where they are held, and an invoice is its
 * order's programme's. A caller reads the invoices of the programmes where it holds a reader role, takes payments
 * and asks for discounts, waivers and refunds where it holds a cashier role, and decides them where it holds an
 * approver role. An invoice of a programme it does not read is not found; one it reads but may not act on is a 403
 * on the move. The super admin and the tier users hold no facility role and reach none of it; an administrator
 * keeps the billing setting only.
 */

/** The caller's facility, when the caller is one of its staff (any role); 403 otherwise. */
export const staffFacility = (p: Principal): number => staffFacilityOf(p, 'Billing is kept by a facility’s staff.');

/** The caller's facility and, by billing role, the programmes (ids) where it holds one. */
export interface BillingScope {
  facility: number;
  /** Programmes whose invoices, payments, receipts and requests the caller reads. */
  reads: readonly number[];
  /** Programmes whose invoices the caller takes payments for and asks discounts, waivers and refunds on. */
  pays: readonly number[];
  /** Programmes whose discounts, waivers and refunds the caller approves or declines. */
  approves: readonly number[];
  /** The names of the programmes the caller reads, by id. */
  names: ReadonlyMap<number, string>;
}

function scopeOf(p: Principal): BillingScope {
  const facility = staffFacility(p);
  const ids = (roles: Principal['roles']) => [...new Set(roles.map((r) => r.programId))];
  const reading = billingReadPrograms(p.roles);
  return {
    facility,
    reads: ids(reading),
    pays: ids(billingCashierPrograms(p.roles)),
    approves: ids(billingApproverPrograms(p.roles)),
    names: new Map(reading.map((r) => [r.programId, r.program])),
  };
}

/** Reads invoices and payments: a manager, supervisor, receptionist or data clerk, of the programmes where that role is held. */
export function billingReader(p: Principal): BillingScope {
  const scope = scopeOf(p);
  if (!scope.reads.length) throw forbidden('Only a manager, supervisor, receptionist or data clerk reads invoices and payments.');
  return scope;
}

/** Takes payments and asks for discounts, waivers and refunds: a supervisor, receptionist or data clerk (in some programme). */
export function cashier(p: Principal): BillingScope {
  const scope = scopeOf(p);
  if (!scope.pays.length) throw forbidden('Only a supervisor, receptionist or data clerk takes payments or asks for discounts and refunds.');
  return scope;
}

/** Approves or declines: a supervisor or manager (in some programme; who did not ask: checked on the request itself). */
export function approver(p: Principal): BillingScope {
  const scope = scopeOf(p);
  if (!scope.approves.length) throw forbidden('Only a supervisor or manager approves or declines discounts, waivers and refunds.');
  return scope;
}

/** Takes payments for this programme's invoices. */
export const paysIn = (scope: BillingScope, programId: number) => scope.pays.includes(programId);
/** Decides this programme's requests. */
export const approvesIn = (scope: BillingScope, programId: number) => scope.approves.includes(programId);

/** 403 unless the caller takes payments and asks for adjustments in the invoice's programme (which it reads). */
export function requirePays(scope: BillingScope, programId: number): void {
  if (!paysIn(scope, programId))
    throw forbidden(
      `Only a supervisor, receptionist or data clerk of the ${scope.names.get(programId) ?? 'invoice’s'} programme takes its payments or asks for its discounts and refunds.`,
    );
}

/** 403 unless the caller decides requests in the invoice's programme (which it reads). */
export function requireApproves(scope: BillingScope, programId: number): void {
  if (!approvesIn(scope, programId))
    throw forbidden(
      `Only a supervisor or manager of the ${scope.names.get(programId) ?? 'invoice’s'} programme approves or declines its discounts, waivers and refunds.`,
    );
}

/** SQL: a programme id (an order's `program_id`) among these programmes; false when there are none. */
export const programIn = (programId: SQL | Column, ids: readonly number[]): SQL =>
  ids.length
    ? sql`${programId} in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql`false`;

/** SQL: the order of this id (an invoice's `order_id`) is of a programme whose invoices the caller reads. */
export const readableOrder = (scope: BillingScope, orderId: SQL | Column): SQL =>
  sql`exists (select 1 from ${orders} bo where bo.id = ${orderId} and ${programIn(sql`bo.program_id`, scope.reads)})`;

/**
 * The programmes whose samples the caller reads (the `read` permission): the results held until paid are shown only
 * for those, as a hold tells that a lab number is an order of its programme.
 */
export const sampleReadPrograms = (p: Principal): number[] =>
  p.isSuperuser ? [] : [...new Set(p.roles.filter((r) => roleMay(r.role, r.program, 'read')).map((r) => r.programId))];

export const isFacilityAdmin = (p: Principal) => p.facilityId != null && isFacilityAdminPrincipal(p);
