import { z } from 'zod';
import { dbId, MAX_ID } from '../input.js';
import type { Role } from '../roles.js';

/**
 * Billing (DOMAIN "Billing"): an order's invoice at the prices in force when it
 * was placed, discounts and waivers approved by someone other than who asked,
 * payments with numbered receipts, refunds by line, and — where the facility
 * chooses — results held until the invoice is paid. Every amount is whole
 * kobo (₦1 = 100 kobo).
 */

/** pending → partially_paid → paid; waived when an approved waiver settles it with nothing paid; cancelled is kept for cancelled orders. */
export const INVOICE_STATES = ['pending', 'partially_paid', 'paid', 'waived', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** Cash, a POS card terminal, a bank transfer, an HMO, or the national scheme (NHIA, through its HMO). */
export const PAYMENT_METHODS = ['cash', 'pos', 'transfer', 'hmo', 'nhia'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods a payment needs a reference for (the terminal's or the transfer's). */
export const REFERENCED_METHODS: readonly PaymentMethod[] = ['pos', 'transfer'];
/** The methods paid by a scheme: its name and the authorisation code are required. */
export const SCHEME_METHODS: readonly PaymentMethod[] = ['hmo', 'nhia'];
/** How a refund is paid back. */
export const REFUND_METHODS = ['cash', 'pos', 'transfer'] as const;

export const ADJUSTMENT_KINDS = ['discount', 'waiver'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const DISCOUNT_MODES = ['percent', 'amount'] as const;
export type DiscountMode = (typeof DISCOUNT_MODES)[number];
/** A discount, waiver or refund: asked for, then approved or declined by another person. */
export const DECISION_STATES = ['requested', 'approved', 'declined'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

/**
 * Who reads invoices and payments. Billing roles count only in the programme where they are held: an invoice is
 * read by a holder of one of these roles in its order's programme (a cash desk serving several programmes holds a
 * role in each).
 */
export const BILLING_READ_ROLES: readonly Role[] = ['Manager', 'Supervisor', 'Receptionist', 'Data Clerk'];
/** Who takes payments and asks for discounts, waivers and refunds: the cash desk (a manager approves, not takes), in the invoice's programme. */
export const BILLING_CASHIER_ROLES: readonly Role[] = ['Supervisor', 'Receptionist', 'Data Clerk'];
/** Who approves or declines a discount, waiver or refund in the invoice's programme — never the person who asked for it. */
export const BILLING_APPROVER_ROLES: readonly Role[] = ['Supervisor', 'Manager'];

/** The role entries (one per programme) holding one of `among`: the programmes where that billing role counts. */
const holding = <R extends { role: Role }>(roles: readonly R[], among: readonly Role[]): R[] => roles.filter((r) => among.includes(r.role));
/** The programmes whose invoices these roles read. */
export const billingReadPrograms = <R extends { role: Role }>(roles: readonly R[]): R[] => holding(roles, BILLING_READ_ROLES);
/** The programmes whose invoices these roles take payments for and ask discounts, waivers and refunds on. */
export const billingCashierPrograms = <R extends { role: Role }>(roles: readonly R[]): R[] => holding(roles, BILLING_CASHIER_ROLES);
/** The programmes whose discounts, waivers and refunds these roles decide. */
export const billingApproverPrograms = <R extends { role: Role }>(roles: readonly R[]): R[] => holding(roles, BILLING_APPROVER_ROLES);
/** Reads the invoices of at least one programme. */
export const mayReadBilling = (roles: readonly { role: Role }[]) => billingReadPrograms(roles).length > 0;
/** Takes payments in at least one programme. */
export const mayTakePayments = (roles: readonly { role: Role }[]) => billingCashierPrograms(roles).length > 0;
/** Decides requests in at least one programme. */
export const mayApproveBilling = (roles: readonly { role: Role }[]) => billingApproverPrograms(roles).length > 0;

/** The largest amount a column holds (integer kobo: about ₦21 million). */
export const MAX_KOBO = MAX_ID;

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/** Kobo as naira, the Nigerian way: ₦1,234.50. */
export const formatKobo = (kobo: number): string => NAIRA.format(kobo / 100);

export interface InvoiceAmounts {
  total_kobo: number;
  discount_kobo: number;
  paid_kobo: number;
  refunded_kobo: number;
}

/**
 * What is still owed. An approved refund gives back money for a line the client is no longer charged for (a test
 * not done), so it lowers what is due and what was paid alike: the balance is the total less approved discounts
 * and everything paid.
 */
export const invoiceBalance = (i: InvoiceAmounts): number => i.total_kobo - i.discount_kobo - i.paid_kobo;
/** What the client owes for, after approved discounts and refunds. */
export const invoiceDue = (i: InvoiceAmounts): number => i.total_kobo - i.discount_kobo - i.refunded_kobo;
/** The money the laboratory keeps: paid less refunded. */
export const invoiceNetPaid = (i: InvoiceAmounts): number => i.paid_kobo - i.refunded_kobo;

/** The state the amounts give (the server writes the same rule in SQL; a test holds them together). */
export function invoiceState(i: InvoiceAmounts & { state?: string }): InvoiceState {
  if (i.state === 'cancelled') return 'cancelled';
  if (invoiceBalance(i) > 0) return invoiceNetPaid(i) > 0 ? 'partially_paid' : 'pending';
  return i.paid_kobo === 0 ? 'waived' : 'paid';
}

/** A discount's amount: a percentage of the invoice's total (rounded to the kobo), or the amount asked. */
export const discountAmount = (mode: DiscountMode, value: number, totalKobo: number): number =>
  mode === 'percent' ? Math.round((totalKobo * value) / 100) : value;

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number) => text(max).min(1, 'This field may not be blank.');
const isoDate = z.iso.date("Invalid date format, Accepted format 'YYYY-MM-DD'");
const kobo = (field = 'amount') =>
  z
    .number({ error: 'A valid integer is required.' })
    .int(`Enter the ${field} in whole kobo.`)
    .min(1, `The ${field} must be more than ₦0.00.`)
    .max(MAX_KOBO, `The ${field} is too large.`);
const queryId = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().max(MAX_ID);
const page = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Invalid page.').max(100_000).default(1);
const pageSize = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(100).default(20);
const flag = z.enum(['0', '1'], { error: 'Choose 0 or 1.' });

/** Ask for a discount (a percentage of the total, or an amount) or a waiver of the rest, with the reason. */
export const adjustmentBody = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS, { error: `Choose one of: ${ADJUSTMENT_KINDS.join(', ')}.` }),
    mode: z
      .enum(DISCOUNT_MODES, { error: `Choose one of: ${DISCOUNT_MODES.join(', ')}.` })
      .nullable()
      .optional(),
    /** The percentage (1–100), or the amount in kobo. */
    value: z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(MAX_KOBO).nullable().optional(),
    reason: required(500),
  })
  .superRefine((b, ctx) => {
    if (b.kind !== 'discount') return;
    if (!b.mode) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'Choose a percentage or an amount.' });
    if (b.value == null) ctx.addIssue({ code: 'custom', path: ['value'], message: 'This field is required.' });
    else if (b.mode === 'percent' && b.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is from 1 to 100.' });
  });
export type AdjustmentBody = z.input<typeof adjustmentBody>;

/** A payment: its method, amount, and the reference its method needs. */
export const paymentBody = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: `Choose one of: ${PAYMENT_METHODS.join(', ')}.` }),
    amount_kobo: kobo(),
    /** The POS terminal's or the transfer's reference; for an HMO or NHIA, the authorisation code. */
    reference: text(100).default(''),
    /** The HMO or scheme's name (HMO and NHIA payments). */
    scheme: text(100).default(''),
  })
  .superRefine((b, ctx) => {
    if (REFERENCED_METHODS.includes(b.method) && !b.reference)
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: b.method === 'pos' ? 'Enter the POS terminal’s reference.' : 'Enter the transfer’s reference.',
      });
    if (SCHEME_METHODS.includes(b.method)) {
      if (!b.scheme) ctx.addIssue({ code: 'custom', path: ['scheme'], message: 'Enter the HMO or scheme’s name.' });
      if (!b.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Enter the authorisation code.' });
    }
  });
export type PaymentBody = z.input<typeof paymentBody>;

/** A refund of (part of) one line, with the reason. */
export const refundBody = z.object({
  line: dbId({ error: 'This field is required.' }),
  amount_kobo: kobo(),
  method: z.enum(REFUND_METHODS, { error: `Choose one of: ${REFUND_METHODS.join(', ')}.` }).default('cash'),
  reason: required(500),
});
export type RefundBody = z.input<typeof refundBody>;

/** Approving takes an optional note; declining says why. */
export const billingApproveBody = z.object({ note: text(500).default('') });
export const billingDeclineBody = z.object({ note: required(500) });

export const billingSettingsBody = z.object({ hold_until_paid: z.boolean({ error: 'Must be a valid boolean.' }) });
export const billingSettings = z.object({
  hold_until_paid: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** The caller keeps the setting (the facility's administrator). */
  may_edit: z.boolean(),
});
export type BillingSettings = z.infer<typeof billingSettings>;

/** `test_price/`: one test's prices in time (`test_type`), or the price in force of every test. */
export const testPriceQuery = z.object({ test_type: queryId.optional() });
export const testPriceItem = z.object({
  id: z.number(),
  test_type: z.number(),
  test_type_name: z.string(),
  amount_kobo: z.number(),
  effective_from: z.string(),
});
export type TestPriceItem = z.infer<typeof testPriceItem>;

export const invoiceListQuery = z.object({
  state: z.enum(INVOICE_STATES, { error: `Choose one of: ${INVOICE_STATES.join(', ')}.` }).optional(),
  /** Invoices made on these days (Africa/Lagos). */
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  client: queryId.optional(),
  /** Only those with something still owed. */
  has_balance: flag.optional(),
  /** Only those with a discount, waiver or refund awaiting a decision. */
  awaiting: flag.optional(),
  /** Invoice number, lab number (or a sample's label), client name, phone or identifier. */
  search: z.string().trim().max(100).optional(),
  page,
  page_size: pageSize,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

const amounts = {
  total_kobo: z.number(),
  discount_kobo: z.number(),
  paid_kobo: z.number(),
  refunded_kobo: z.number(),
  balance_kobo: z.number(),
};

export const invoiceItem = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  order: z.number(),
  /** The order's first sample (its pages are reached through it). */
  sample: z.number().nullable(),
  lab_number: z.string(),
  program: z.string(),
  client: z.number(),
  client_name: z.string(),
  hospital_number: z.string().nullable(),
  phone: z.string(),
  ...amounts,
  state: z.enum(INVOICE_STATES),
  /** Discounts, waivers and refunds awaiting a decision. */
  awaiting: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

const decision = {
  reason: z.string(),
  state: z.enum(DECISION_STATES),
  requested_by: z.string(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
  /** The caller may approve or decline it now. */
  can_decide: z.boolean(),
};

export const invoiceLine = z.object({
  id: z.number(),
  test_type: z.number(),
  description: z.string(),
  amount_kobo: z.number(),
  refunded_kobo: z.number(),
  /** What may still be refunded on it: its amount not yet refunded, never more than the money held. */
  refundable_kobo: z.number(),
});
export const invoiceAdjustment = z.object({
  id: z.number(),
  kind: z.enum(ADJUSTMENT_KINDS),
  mode: z.enum(DISCOUNT_MODES).nullable(),
  value: z.number(),
  amount_kobo: z.number(),
  ...decision,
});
export type InvoiceAdjustment = z.infer<typeof invoiceAdjustment>;
export const paymentOfInvoice = z.object({
  id: z.number(),
  receipt_number: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount_kobo: z.number(),
  reference: z.string(),
  scheme: z.string(),
  received_by: z.string(),
  received_at: z.string(),
});
export const invoiceRefund = z.object({
  id: z.number(),
  line: z.number(),
  line_description: z.string(),
  amount_kobo: z.number(),
  method: z.string(),
  ...decision,
});
export type InvoiceRefund = z.infer<typeof invoiceRefund>;

export const invoiceDetail = invoiceItem.extend({
  facility_name: z.string(),
  created_by: z.string().nullable(),
  due_kobo: z.number(),
  net_paid_kobo: z.number(),
  lines: z.array(invoiceLine),
  adjustments: z.array(invoiceAdjustment),
  payments: z.array(paymentOfInvoice),
  refunds: z.array(invoiceRefund),
  /** The facility holds results until their invoice is paid. */
  hold_until_paid: z.boolean(),
  /** What the caller may do with it now. */
  can: z.object({ pay: z.boolean(), adjust: z.boolean(), refund: z.boolean() }),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** A payment as taken: its receipt, and the invoice after it. */
export const paymentTaken = paymentOfInvoice.extend({ invoice: invoiceDetail });
export type PaymentTaken = z.infer<typeof paymentTaken>;

/** Discounts, waivers and refunds of the facility awaiting a decision (the approvers' list). */
export const billingApproval = z.object({
  type: z.enum(['adjustment', 'refund']),
  id: z.number(),
  kind: z.enum(['discount', 'waiver', 'refund']),
  invoice: z.number(),
  invoice_number: z.string(),
  lab_number: z.string(),
  client_name: z.string(),
  amount_kobo: z.number(),
  /** A discount asked as a percentage. */
  percent: z.number().nullable(),
  balance_kobo: z.number(),
  reason: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  can_decide: z.boolean(),
});
export type BillingApproval = z.infer<typeof billingApproval>;

export const paymentListQuery = z.object({
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  method: z.enum(PAYMENT_METHODS, { error: `Choose one of: ${PAYMENT_METHODS.join(', ')}.` }).optional(),
  /** The user who received them. */
  cashier: queryId.optional(),
  client: queryId.optional(),
  /** Receipt or invoice number, lab number, client name. */
  search: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Choose one of: json, csv, xlsx.' }).optional(),
  page,
  page_size: pageSize,
});
export type PaymentListQuery = z.input<typeof paymentListQuery>;

export const paymentItem = paymentOfInvoice.extend({
  cashier: z.number(),
  invoice: z.number(),
  invoice_number: z.string(),
  lab_number: z.string(),
  client: z.number(),
  client_name: z.string(),
});
export type PaymentItem = z.infer<typeof paymentItem>;
/** The payment history as a table (CSV, Excel): naira with two decimals beside the kobo. */
export const PAYMENT_COLUMNS = [
  'receipt_number',
  'received_at',
  'method',
  'amount_naira',
  'reference',
  'scheme',
  'cashier',
  'invoice_number',
  'lab_number',
  'client_name',
] as const;

export const billingDashboardQuery = z.object({
  /** The first and last days (Africa/Lagos), both included; the last 7 days by default. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
const sum = z.object({ count: z.number(), amount_kobo: z.number() });
export const billingDashboard = z.object({
  from: z.string(),
  to: z.string(),
  takings: sum,
  by_day: z.array(z.object({ day: z.string(), count: z.number(), amount_kobo: z.number() })),
  by_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), count: z.number(), amount_kobo: z.number() })),
  /** Invoices of any date with something owed (now). */
  outstanding: sum,
  /** Approved in the period. */
  discounts: sum,
  waivers: sum,
  refunds: sum,
  invoiced: sum,
  /** Awaiting a decision (now). */
  awaiting: z.object({ adjustments: z.number(), refunds: z.number() }),
});
export type BillingDashboard = z.infer<typeof billingDashboard>;

/** The results held: an order's invoice with a balance, at a facility that holds results until paid. */
export const billingHoldQuery = z.object({
  sample: queryId.optional(),
  /** Lab numbers, comma-separated (a page of a report). */
  lab_numbers: z.string().trim().max(4000).optional(),
});
export const billingHold = z.object({
  lab_number: z.string(),
  invoice: z.number(),
  number: z.string(),
  balance_kobo: z.number(),
});
export type BillingHold = z.infer<typeof billingHold>;

/** The words of a hold, as the server's 409 and the pages say it. */
export const holdMessage = (h: { number: string; balance_kobo: number }) =>
  `Held until invoice ${h.number} is paid: ${formatKobo(h.balance_kobo)} outstanding.`;

export const cashierItem = z.object({ id: z.number(), name: z.string() });
