import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { filesRoutes } from './files.routes.js';
import { reportAttachments } from './files.service.js';

/** Files: the documents' folders, uploads, and attachments — those marked for it listed on a sample's report. */
export const filesModule: ServerModule = {
  name: 'files',
  tables: ['files.table.ts'],
  hooks: () => {
    lifecycle.reportSections.on('files: attachments', ORDER.record, async ({ db, sampleIds }) => ({
      attachments: await reportAttachments(db, sampleIds),
    }));
  },
  routes: (app, { db }) => filesRoutes(app, db),
};
