import type {
  generalOrderDetail,
  generalOrderListItem,
  historyItem,
  orderCreated,
  ResultSampleItem,
  resultItem,
  statusCount,
  WorkplanItem,
} from '@nlims/contracts';
import type { z } from 'zod';

/** A row of a sample list (`GET {form}/`): one sample, `id` the sample's, `order` its order's. */
export type OrderRow = z.infer<typeof generalOrderListItem>;
/** A sample in full (`GET {form}/{sampleId}/`), with its order's request form and other samples. */
export type OrderDetail = z.infer<typeof generalOrderDetail>;
export type OrderTest = OrderDetail['tests'][number];
export type ResultItem = z.infer<typeof resultItem>;
export type HistoryItem = z.infer<typeof historyItem>;
export type OrderCreated = z.infer<typeof orderCreated>;
export type StatusCount = z.infer<typeof statusCount>;
export type WorkplanRow = WorkplanItem;

/** A sample under review with every test and its result (`GET result_samples/`): a row of the validation, approval and released-results lists. */
export type ReviewSample = ResultSampleItem;
/** A test of a sample under review; a released test with an amendment under review comes twice, the amendment (`amends` set) after it. */
export type ReviewTest = ReviewSample['tests'][number];
export type ReviewResult = NonNullable<ReviewTest['result']>;

/** A test the facility offers (`general_order_look_up/`); members of a panel carry the panel's id. */
export interface OrderableTest {
  id: number;
  name: string;
  code: string;
  result_type: string;
  unit: string;
  codes: string[];
  is_culture: boolean;
  is_panel: boolean;
  panel: number | null;
  sample_types: number[];
  price: number | null;
  /** The catalogue's own flag (`test_configuration/`); the facility's look-up lists active tests only. */
  is_active?: boolean;
}

export interface OrderLookup {
  tests: OrderableTest[];
  priorities: string[];
  identifier_types: { id: number; name: string; code: string }[];
}

export interface Client {
  id: number;
  first_name: string;
  last_name: string;
  other_names: string;
  sex: string;
  date_of_birth: string | null;
  dob_estimated: boolean;
  phone: string;
  identifiers: { identifier_type: number; identifier_type_name: string; identifier: string }[];
}

/** A plain reference list row (`sample_type/`, `method/`, `organism/` …). */
export interface NamedRow {
  id: number;
  name: string;
  code?: string;
  is_active?: boolean;
}

export interface ReasonRow {
  id: number;
  reason: string;
  is_active?: boolean;
}

export interface ReportRow {
  lab_number: string;
  client_name: string;
  sex: string;
  date_of_birth: string | null;
  test: string;
  test_order_status: number;
  result: string | null;
  unit: string | null;
  flag: string | null;
  ordered_at: string;
  collected_at: string | null;
  received_at: string | null;
  approved_at: string | null;
  tat_hours: number | null;
}
