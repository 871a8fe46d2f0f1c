import { VL_CODES, VL_UNSUPPRESSED } from '@nlims/contracts';
import { lazy, Suspense } from 'react';
import { FAMILY_HEADLINE, RESULT_FLAG_ALERTS, RESULT_READING } from '../clinical/slots';
import { defineModule, fill, fillHook, lazyNamed } from '../../shared/registry';

const VlReading = lazyNamed(() => import('./reading'), 'VlReading');
const VlAlert = lazyNamed(() => import('./reading'), 'VlAlert');
const vlDashboard = lazy(() => import('./VlDashboardPage'));

/** A viral-load copies result's category and band beside its value. */
function Reading({ code, value }: { code: string | undefined; value: number | string | null | undefined }) {
  return code === VL_CODES.RNA ? <VlReading code={code} value={value} /> : null;
}

/** The alert an unsuppressed viral load raises. */
function FlagAlert({ flags }: { flags: readonly (string | null | undefined)[] }) {
  return flags.includes(VL_UNSUPPRESSED) ? <VlAlert flags={flags} /> : null;
}

/** Viral load's headline on a sample is its alert, naming the suppression cut-off in force. */
const useVlHeadline = (family: string, flags: readonly string[]) =>
  family === 'vl' ? (
    <Suspense fallback={null}>
      <FlagAlert flags={flags} />
    </Suspense>
  ) : undefined;

/** Viral load: its dashboard, a result's reading and the unsuppressed alert on the sample and result pages. */
export default defineModule({
  name: 'vl',
  pages: { '/programs/vl-dashboard': vlDashboard, '/dashboards/viral_load': vlDashboard },
  fills: [fill(RESULT_READING, Reading), fill(RESULT_FLAG_ALERTS, FlagAlert), fillHook(FAMILY_HEADLINE, useVlHeadline)],
});
