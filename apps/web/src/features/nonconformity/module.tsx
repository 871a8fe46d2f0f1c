import { findPage } from '@nlims/contracts';
import { lazy } from 'react';
import { SAMPLE_EVENTS, type SampleEvent } from '../clinical/slots';
import { defineModule, fillHook } from '../../shared/registry';
import { useNcrBadge } from './badge';
import { useReportPrompt } from './ReportLink';

/** A non-conformity report and the form of a new one, for whoever opens the reports' page. */
const NCR_ALLOW = findPage('/non-conformity')!.allow;

/** After a sample is rejected or a result amended: a notice offering to report it, pre-filled. */
function useReportOffer(): (event: SampleEvent) => void {
  const prompt = useReportPrompt();
  return (event) => {
    if (event.kind === 'sample_rejected') prompt('sample_rejected', event.id, event.labNumber);
    else prompt('result_amended', event.id);
  };
}

/** Non-conformity reports: the list, one report, a new one; the overdue actions' badge; the offer to report a rejection or an amendment. */
export default defineModule({
  name: 'nonconformity',
  pages: { '/non-conformity': lazy(() => import('./NcrPage')) },
  routes: [
    { page: { path: '/non-conformity/new', key: 'nonConformity', allow: NCR_ALLOW }, Page: lazy(() => import('./NewNcrPage')) },
    { page: { path: '/non-conformity/:id', key: 'nonConformity', allow: NCR_ALLOW }, Page: lazy(() => import('./NcrDetailPage')) },
  ],
  useBadges: useNcrBadge,
  fills: [fillHook(SAMPLE_EVENTS, useReportOffer)],
});
