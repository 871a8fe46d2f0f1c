import { lazy } from 'react';
import { RESULTS_DRAWER_FOOT, SAMPLE_DRAWER_FOOT, TEST_ACTIONS } from '../clinical/slots';
import { defineModule, fill, lazyNamed } from '../../shared/registry';

/** Documents and files, and the attachments of a sample, a result and the report (on the sample and result pages). */
export default defineModule({
  name: 'files',
  pages: {
    '/file-management/documents': lazy(() => import('./DocumentsPage')),
    '/file-management/recent-folders': lazy(() => import('./RecentFoldersPage')),
    '/file-management/recent-files': lazy(() => import('./RecentFilesPage')),
    '/file-management/upload-files': lazy(() => import('./UploadFilesPage')),
  },
  fills: [
    fill(
      SAMPLE_DRAWER_FOOT,
      lazyNamed(() => import('./fills'), 'SampleAttachments'),
    ),
    fill(
      TEST_ACTIONS,
      lazyNamed(() => import('./fills'), 'ResultAttachmentsButton'),
    ),
    fill(
      RESULTS_DRAWER_FOOT,
      lazyNamed(() => import('./ReportAttachments'), 'ReportAttachments'),
    ),
  ],
});
