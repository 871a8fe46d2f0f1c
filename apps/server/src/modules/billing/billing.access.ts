import { mayApproveBilling, mayReadBilling, mayTakePayments } from '@nlims/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { forbidden } from '../../core/errors.js';
import type { Principal } from '../users/principal.js';
import { users } from '../users/users.table.js';

/**
 * Who may do what with a facility's billing, in one place: the cash desk's roles (contracts'
 * BILLING_*_ROLES) in any programme of the caller's facility. The super admin and the tier users hold no
 * facility role and reach none of it; an administrator keeps the billing setting only.
 */

/** The caller's facility, when the caller is one of its staff (any role); 403 otherwise. */
export function staffFacility(p: Principal): number {
  if (p.isSuperuser || p.facilityId == null || !p.roles.length) throw forbidden('Billing is kept by a facility’s staff.');
  return p.facilityId;
}

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
export const isFacilityAdmin = (p: Principal) => !p.isSuperuser && p.facilityId != null && p.roles.some((r) => r.role === 'Admin');

/** A user's name as the pages show it (first and last, else the username). */
export const userName = (id: SQL | AnyPgColumn) =>
  sql<string>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) from ${users} u where u.id = ${id})`;

/** An instant as ISO 8601 (drivers answer Date or text). */
export function iso(value: unknown): string | null {
  if (value == null) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** A search term, escaped and %-wrapped for ilike. */
export const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
