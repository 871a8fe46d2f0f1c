import { defineFamily, familyPage as p, LABORATORY_ROLES } from '../family.js';

/** Public health: every notifiable-disease programme, on one case-investigation form and the ph-* pages. */
export const PH_FAMILY = defineFamily({
  family: 'ph',
  form: 'public_health_sample',
  report: 'general_program_report',
  dashboard: 'facility_general_program_dashboard',
  count: 'public_health_count',
  lineList: 'case',
  roles: LABORATORY_ROLES,
  pages: [
    p('/programs/ph-dashboard', 'phDashboard', 'dashboard', 'read', 'analytics'),
    p('/reports/ph-report', 'phReport', 'report', 'read', 'analytics'),
    p('/programs/ph-manage-sample', 'phManageSample', 'manageSample', 'order', 'samples'),
    p('/programs/ph-sample-reception', 'phSampleReception', 'reception', 'receive', 'samples'),
    p('/programs/ph-rejected-sample', 'phRejectedSample', 'rejectedSample', 'order', 'samples'),
    p('/programs/ph-workplan', 'phWorkplan', 'workplan', 'workplan', 'samples'),
    p('/programs/ph-worksheet', 'phWorksheet', 'worksheet', 'worksheet', 'worksheets'),
    p('/programs/ph-worksheet-archive', 'phWorksheetArchive', 'worksheetArchive', 'worksheet', 'worksheets'),
    p('/programs/ph-manual-result', 'phManualResult', 'enterResults', 'enter', 'results'),
    p('/programs/ph-retest', 'phRetest', 'retest', 'enter', 'results'),
    p('/programs/ph-quality-control', 'phQualityControl', 'qualityControl', 'qc', 'results'),
    p('/programs/ph-validate-result', 'phValidateResult', 'validate', 'validate', 'results'),
    p('/programs/ph-approve-results', 'phApproveResults', 'approve', 'approve', 'results'),
    // Positive results of notifiable diseases waiting to be notified (supervisor, data analyst).
    p('/programs/ph-notify', 'phNotify', 'notify', 'released', 'results'),
  ],
  landing: {
    'Data Clerk': '/programs/ph-manage-sample',
    Receptionist: '/programs/ph-manage-sample',
    Supervisor: '/programs/ph-manage-sample',
    Analyst: '/programs/ph-workplan',
    'Data Analyst': '/programs/ph-dashboard',
    fallback: '/programs/ph-dashboard',
  },
});
