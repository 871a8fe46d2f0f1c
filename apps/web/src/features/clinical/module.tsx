import { lazy } from 'react';
import { defineModule } from '../../shared/registry';
import { useProgrammeBadges } from './badges';
import { programmeView } from './ProgrammePage';

/**
 * The core of every programme: the sample and result pages, one component per view (contracts' `PageView`)
 * for all fifteen programmes; General's dashboard and report. Its pages leave slots (slots.ts) for the
 * other modules' panels and buttons, and import none of them.
 */
export default defineModule({
  name: 'clinical',
  views: [
    { view: 'labOrder', Page: programmeView(lazy(() => import('./lab-order/LabOrderPage'))) },
    { view: 'completeEntry', Page: programmeView(lazy(() => import('./complete-entry/CompleteEntryPage'))) },
    { view: 'manageSample', Page: programmeView(lazy(() => import('./samples/ManageSamplePage'))) },
    { view: 'reception', Page: programmeView(lazy(() => import('./samples/ReceptionPage'))) },
    { view: 'rejectedSample', Page: programmeView(lazy(() => import('./samples/RejectedSamplePage'))) },
    { view: 'workplan', Page: programmeView(lazy(() => import('./workplan/WorkplanPage'))) },
    { view: 'enterResults', Page: programmeView(lazy(() => import('./results/EnterResultsPage'))) },
    { view: 'validate', Page: programmeView(lazy(() => import('./results/ValidatePage'))) },
    { view: 'approve', Page: programmeView(lazy(() => import('./results/ApprovePage'))) },
    { view: 'released', Page: programmeView(lazy(() => import('./results/ManageResultPage'))) },
    { view: 'retest', Page: programmeView(lazy(() => import('./results/RetestPage'))) },
    // General's own dashboard and report (the other families read endpoints of their own).
    { view: 'dashboard', family: 'general', Page: programmeView(lazy(() => import('./dashboard/DashboardPage'))) },
    { view: 'report', family: 'general', Page: programmeView(lazy(() => import('./report/ReportPage'))) },
  ],
  useBadges: useProgrammeBadges,
});
