import type { ProgramFamily } from '@nlims/contracts';
import type { ReactNode } from 'react';
import { defineHookSlot, defineSlot } from '../../shared/registry';
import type { Programme } from './programme';
import type { Client } from './types';

/**
 * The places in the sample and result pages (and the order form) that other features fill through
 * the module registry (src/modules.ts): the core renders the slot, an add-on's `module.tsx` fills it,
 * and neither imports the other's pages. What each slot is given is its contract.
 */

/** The order form's "register a new client" drawer; the register button shows only when a module fills it. */
export const ORDER_CLIENT_REGISTER = defineSlot<{ open: boolean; onClose: () => void; onSaved: (client: Client) => void }>('order.client-register');

/** Fields in the order form's details card, under the requesting clinician (inside the order's Form). */
export const ORDER_CLINICIAN_FIELDS = defineSlot('order.clinician-fields');

/** Sections of the order form between the details and the request form, for the selected programme (inside the Form). */
export const ORDER_FORM_SECTIONS = defineSlot<{ programme: Programme }>('order.sections');

/** Above the sample list of those who place orders: what waits to be accepted from elsewhere (electronic requests). */
export const SAMPLE_LIST_INBOX = defineSlot<{ program: string }>('samples.inbox');

/** Under a sample's report buttons, wherever a sample or its results are shown (critical values told, to read back). */
export const SAMPLE_ALERTS = defineSlot<{ sampleId: number }>('sample.alerts');

/** The foot of a sample's drawer (its attachments). */
export const SAMPLE_DRAWER_FOOT = defineSlot<{ sampleId: number }>('sample.drawer-foot');

/** The foot of the released results' drawer (what prints with the report). */
export const RESULTS_DRAWER_FOOT = defineSlot<{ sampleId: number }>('results.drawer-foot');

/** Beside one test's name, in result entry and the released results (its attachments). */
export const TEST_ACTIONS = defineSlot<{ testOrderId: number; testName: string }>('test.actions');

/** Beside a result's value: what the value means for its test (a viral load's category and band). */
export const RESULT_READING = defineSlot<{ code: string | undefined; value: number | string | null | undefined }>('result.reading');

/** Under a result just entered: an alert its flag raises (an unsuppressed viral load). */
export const RESULT_FLAG_ALERTS = defineSlot<{ flags: readonly (string | null | undefined)[] }>('result.flag-alerts');

/**
 * A family's own headline for a sample's flags, in place of the programme rules' report banner; `undefined`
 * from every filler leaves the banner.
 */
export const FAMILY_HEADLINE = defineHookSlot<[family: ProgramFamily, flags: readonly string[]], ReactNode | undefined>('sample.family-headline');

/** Wraps a sample's report buttons: a filler may show something else in their place (held until paid). */
export const REPORT_BUTTONS_GATE = defineSlot<{ sampleId: number; children: ReactNode }>('report.buttons-gate');

/** Marks under a lab number on a page of the General report's rows, asked once for the page's lab numbers. */
export const REPORT_ROW_MARKS = defineHookSlot<[labNumbers: readonly string[]], (labNumber: string) => ReactNode>('report.row-marks');

/** A choice of instrument for a result, as offered: a filler may disable some, saying why. */
export interface InstrumentChoice {
  value: number;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
}
export const INSTRUMENT_CHOICES = defineHookSlot<[], (choices: InstrumentChoice[]) => InstrumentChoice[]>('result.instrument-choices');

/** What happened to a sample or a result that a quality system may want to record (offer a non-conformity report). */
export type SampleEvent = { kind: 'sample_rejected'; id: number; labNumber: string } | { kind: 'result_amended'; id: number };
export const SAMPLE_EVENTS = defineHookSlot<[], (event: SampleEvent) => void>('sample.events');
