import type { AttachmentItem } from '@nlims/contracts';
import type { Db, Tx } from '../../core/db.js';
import { Collector, Hook } from '../../core/hooks.js';
import type { Principal } from '../users/users.service.js';

/**
 * The sample core's lifecycle: the moves of an order, its results and its report on which other modules act.
 * The core (samples, results, reports) runs each hook inside the move's own transaction and imports none of the
 * modules that act on it; each of them registers its handlers from its own folder (`<module>.module.ts`).
 *
 * The order numbers leave room between them: a check that refuses runs before one that only records, and a
 * message to the outside world runs last, after everything in the transaction that could still refuse.
 */
export const ORDER = { check: 100, record: 200, consume: 300, notify: 900 } as const;

/** A user who acts, or a system account (an analyser, an EMR); null for the system itself (a timed job). */
type Actor = Principal | null;

/** An order and its first samples were created (an invoice is raised for the tests). */
export interface OrderCreated {
  tx: Tx;
  actor: Actor;
  orderId: number;
  at: Date;
  /** The test types ordered, when the caller knows them (else every test of the order). */
  tests?: readonly number[];
}

/** Values are about to be checked for entry: a handler may refuse them all (e.g. the analyser is out of service). */
export interface BeforeEntry {
  tx: Tx;
  items: readonly { facilityId: number; body: { instrument?: number | null } }[];
}

/** Results were entered (new runs, before their audit rows). */
export interface ResultsEntered {
  tx: Tx;
  actor: Actor;
  runs: readonly { id: number; flag: string | null; testOrderId: number }[];
}

/** Results are about to be approved: a handler may refuse (e.g. the run's quality control failed). */
export interface BeforeApproval {
  tx: Tx;
  actor: Actor;
  resultIds: readonly number[];
}

/** Results were approved (an amendment carries the id of the version it replaces). */
export interface ResultsApproved {
  tx: Tx;
  actor: Actor;
  results: readonly { id: number; amendsId: number | null; testOrderId: number }[];
}

/** A released result was amended: a new version awaits review. */
export interface ResultAmended {
  tx: Tx;
  actor: Actor;
  resultId: number;
  amendsId: number;
  sampleId: number;
}

/** A sample's report is about to be released to this caller: a handler may refuse (e.g. the invoice is unpaid). */
export interface ReportRelease {
  db: Tx | Db;
  principal: Principal;
  sampleId: number;
}

/** What a printed report's verification block shows. */
export interface PrintedVerification {
  code: string;
  /** NL-XXXX-XXXX-XXXX-XXXX */
  printed: string;
  url: string;
  /** 3F9A-61C2 */
  digest: string;
  version: number;
}

/** The report's content that a verification covers. */
export interface ReportFacts {
  sampleId: number;
  facilityId: number;
  labNumber: string;
  tests: {
    name: string;
    status: number | null;
    value: unknown;
    unit: string | null;
    flag: string | null;
    approvedAt: Date | string | null;
    version: number;
  }[];
}

/** The report being assembled: its samples and the facts its verification covers. */
export interface ReportSectionsAsked {
  db: Db;
  principal: Principal;
  sampleIds: readonly number[];
  facts: ReportFacts;
}

/** What a module adds to a report: the files that go with it, and its verification (made when printed). */
export interface ReportSections {
  attachments?: AttachmentItem[];
  verify?: () => Promise<PrintedVerification | null>;
}

export const lifecycle = {
  orderCreated: new Hook<OrderCreated>('order created'),
  beforeEntry: new Hook<BeforeEntry>('before entry'),
  entered: new Hook<ResultsEntered>('results entered'),
  beforeApproval: new Hook<BeforeApproval>('before approval'),
  approved: new Hook<ResultsApproved>('results approved'),
  amended: new Hook<ResultAmended>('result amended'),
  reportSections: new Collector<ReportSectionsAsked, ReportSections>('report sections'),
  reportRelease: new Hook<ReportRelease>('report release'),
};
