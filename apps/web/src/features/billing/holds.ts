import type { BillingHold } from '@nlims/contracts';
import { useBillingHolds, useBillingSettings } from './api';

/**
 * Whether a sample's report is held until its invoice is paid (the facility's setting on, and a balance owed):
 * asked only where the facility holds results, so a laboratory that does not pays no request for it.
 */
export function useReportHold(sampleId: number): ReportHold {
  const settings = useBillingSettings();
  const holding = settings.data?.hold_until_paid === true;
  const holds = useBillingHolds({ sample: sampleId }, holding);
  const asked = holding ? holds : settings;
  if (settings.isSuccess && !holding) return { state: 'free' };
  if (holds.isSuccess) return holds.data[0] ? { state: 'held', hold: holds.data[0] } : { state: 'free' };
  if (asked.isError) return { state: 'unknown', retry: () => void asked.refetch() };
  return { state: 'checking' };
}

/**
 * A report's payment state: free to print, held with its invoice, still being checked, or not known (the check
 * failed). Only "free" shows the report's buttons: a result held for payment is never offered while unknown.
 */
export type ReportHold = { state: 'free' } | { state: 'held'; hold: BillingHold } | { state: 'checking' } | { state: 'unknown'; retry: () => void };

/** The holds among a page of lab numbers (a report's rows), where the facility holds results until paid. */
export function useLabNumberHolds(labNumbers: readonly string[]): Map<string, BillingHold> {
  const settings = useBillingSettings();
  const unique = [...new Set(labNumbers)];
  const holds = useBillingHolds({ labNumbers: unique }, settings.data?.hold_until_paid === true && unique.length > 0);
  return new Map((holds.data ?? []).map((h) => [h.lab_number, h]));
}
