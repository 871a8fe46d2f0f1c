import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { rowsOf } from '../../core/db.js';
import { clinicalSteps } from '../../test/clinical.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eachUser, type MatrixRow, matrixTests, type MatrixUser } from '../../test/matrix.js';

/**
 * Billing × every demo user: a facility's managers, supervisors, receptionists and data clerks read its invoices
 * and payments; its supervisors, receptionists and data clerks take payments and ask for discounts and refunds;
 * its supervisors and managers decide them (never their own); another facility's invoice is not found (404); the
 * facility's administrator keeps the hold-until-paid setting, which any of its staff reads; analysts, data
 * analysts, the super admin and the tier users reach no invoice (403).
 */
let t: TestApp;
const steps = clinicalSteps(() => t);
const ids = { invoice: 0, paidInvoice: 0, line: 0, adjustment: 0, refund: 0, payment: 0, sample: 0 };

const IKEJA_CASHIERS = ['clin_supervisor', 'clin_receptionist', 'clin_clerk'] as const;
const IKEJA_APPROVERS = ['clin_manager', 'clin_supervisor'] as const;
/** Readers at other facilities (a supervisor, receptionist or clerk in any of their programmes). */
const ELSEWHERE_READERS = ['ph_supervisor', 'ph_receptionist', 'ph_clerk', 'kano_supervisor', 'mushin_supervisor', 'mushin_receptionist'] as const;
const ELSEWHERE_APPROVERS = ['ph_supervisor', 'kano_supervisor', 'mushin_supervisor'] as const;

/** Staff of any facility (admins included) read the setting and the price list; the super admin and officials do not. */
const ANY_STAFF = { clinicalAdmin: 200, labAdmin: 200, staff: 200 };
/** The billing readers of any facility: 200 on a facility-wide read. */
const readers = (ok: number) => ({
  ...eachUser(['clin_manager', ...IKEJA_CASHIERS], ok),
  ...eachUser(ELSEWHERE_READERS, ok),
});
/** One Ikeja invoice: its readers `ikeja`, other facilities' readers 404, every other staff member 403. */
const ikejaInvoice = (ikeja: Partial<Record<MatrixUser, number>>) => ({ ...eachUser(ELSEWHERE_READERS, 404), ...ikeja });

const payBody = () => ({ method: 'cash', amount_kobo: 100 });

async function as(user: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return (await steps.as(user, method, url, payload)).json();
}

async function newAdjustment() {
  const invoice = await as('clin_receptionist', 'POST', `/api/invoice/${ids.invoice}/adjustment/`, {
    kind: 'discount',
    mode: 'amount',
    value: 50,
    reason: 'Matrix',
  });
  ids.adjustment = invoice.adjustments.at(-1).id;
}
async function newRefund() {
  const invoice = await as('clin_receptionist', 'POST', `/api/invoice/${ids.paidInvoice}/refund/`, { line: ids.line, amount_kobo: 10, reason: 'Matrix' });
  ids.refund = invoice.refunds.at(-1).id;
}

beforeAll(async () => {
  t = await createTestApp();
  const tests = await steps.catalogue();
  const fbg = tests.find((x) => x.code === 'FBG')!.id;
  const fbc = tests.find((x) => x.code === 'FBC')!.id;
  const invoiceOf = async (order: number) =>
    rowsOf<{ id: number; total_kobo: number }>(await t.database.db.execute(sql`select id, total_kobo from invoices where order_id = ${order}`))[0]!;
  const order = await steps.newOrder([fbc, fbg]);
  ids.sample = order.id;
  ids.invoice = (await invoiceOf(order.order)).id;
  const paid = await invoiceOf((await steps.newOrder([fbc, fbg])).order);
  ids.paidInvoice = paid.id;
  const taken = await as('clin_receptionist', 'POST', `/api/invoice/${paid.id}/payment/`, { method: 'cash', amount_kobo: paid.total_kobo });
  ids.payment = taken.id;
  ids.line = taken.invoice.lines[0].id;
  await newAdjustment();
  await newRefund();
});
afterAll(() => t.close());

/** After a decision by one user, the next user gets a fresh request to decide. */
const freshAfter = (make: () => Promise<void>) => async (_user: MatrixUser, status: number) => {
  if (status === 200) await make();
};

const ROWS: MatrixRow[] = [
  { name: 'the price list', method: 'GET', url: () => '/api/test_price/', expect: ANY_STAFF, otherwise: 403 },
  { name: 'the billing setting (read)', method: 'GET', url: () => '/api/billing_settings/', expect: ANY_STAFF, otherwise: 403 },
  {
    name: 'the billing setting (change)',
    method: 'PATCH',
    url: () => '/api/billing_settings/',
    body: () => ({ hold_until_paid: false }),
    expect: { clinicalAdmin: 200, labAdmin: 200 },
    otherwise: 403,
  },
  { name: 'the results held (a sample)', method: 'GET', url: () => `/api/billing_hold/?sample=${ids.sample}`, expect: ANY_STAFF, otherwise: 403 },
  { name: 'list invoices', method: 'GET', url: () => '/api/invoice/', expect: {}, users: readers(200), otherwise: 403 },
  {
    name: 'read an Ikeja invoice',
    method: 'GET',
    url: () => `/api/invoice/${ids.invoice}/`,
    expect: {},
    users: ikejaInvoice(eachUser(['clin_manager', ...IKEJA_CASHIERS], 200)),
    otherwise: 403,
  },
  {
    name: 'ask for a discount on an Ikeja invoice',
    method: 'POST',
    url: () => `/api/invoice/${ids.invoice}/adjustment/`,
    body: () => ({ kind: 'discount', mode: 'amount', value: 20, reason: 'Matrix' }),
    expect: {},
    users: ikejaInvoice(eachUser(IKEJA_CASHIERS, 201)),
    otherwise: 403,
  },
  {
    name: 'take a payment towards an Ikeja invoice',
    method: 'POST',
    url: () => `/api/invoice/${ids.invoice}/payment/`,
    body: payBody,
    expect: {},
    users: ikejaInvoice(eachUser(IKEJA_CASHIERS, 201)),
    otherwise: 403,
  },
  {
    name: 'ask for a refund on an Ikeja invoice',
    method: 'POST',
    url: () => `/api/invoice/${ids.paidInvoice}/refund/`,
    body: () => ({ line: ids.line, amount_kobo: 10, reason: 'Matrix' }),
    expect: {},
    users: ikejaInvoice(eachUser(IKEJA_CASHIERS, 201)),
    otherwise: 403,
  },
  ...(['approve', 'decline'] as const).flatMap((verb): MatrixRow[] => [
    {
      name: `${verb} an Ikeja discount (asked by the receptionist)`,
      method: 'POST',
      url: () => `/api/invoice_adjustment/${ids.adjustment}/${verb}/`,
      body: () => ({ note: 'Matrix decision' }),
      expect: {},
      users: { ...eachUser(IKEJA_APPROVERS, 200), ...eachUser(ELSEWHERE_APPROVERS, 404) },
      otherwise: 403,
      after: freshAfter(newAdjustment),
    },
    {
      name: `${verb} an Ikeja refund (asked by the receptionist)`,
      method: 'POST',
      url: () => `/api/refund/${ids.refund}/${verb}/`,
      body: () => ({ note: 'Matrix decision' }),
      expect: {},
      users: { ...eachUser(IKEJA_APPROVERS, 200), ...eachUser(ELSEWHERE_APPROVERS, 404) },
      otherwise: 403,
      after: freshAfter(newRefund),
    },
  ]),
  { name: 'the requests awaiting a decision', method: 'GET', url: () => '/api/billing_approval/', expect: {}, users: readers(200), otherwise: 403 },
  { name: 'the payment history', method: 'GET', url: () => '/api/payment/', expect: {}, users: readers(200), otherwise: 403 },
  { name: 'the payment history as CSV', method: 'GET', url: () => '/api/payment/?format=csv', expect: {}, users: readers(200), otherwise: 403 },
  { name: 'the cashiers', method: 'GET', url: () => '/api/payment/cashiers/', expect: {}, users: readers(200), otherwise: 403 },
  {
    name: 'an Ikeja receipt',
    method: 'GET',
    url: () => `/api/payment/${ids.payment}/receipt.pdf`,
    expect: {},
    users: ikejaInvoice(eachUser(['clin_manager', ...IKEJA_CASHIERS], 200)),
    otherwise: 403,
  },
  { name: 'the billing dashboard', method: 'GET', url: () => '/api/billing_dashboard/', expect: {}, users: readers(200), otherwise: 403 },
];

describe('billing × every demo user', () => {
  matrixTests(() => t, ROWS);
});
