import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { blockedByQc, QcHold } from './qc.gate.js';
import { qcRoutes } from './qc.routes.js';

/** Quality control: its runs and charts, and the gate that keeps a result of an out-of-control run from approval. */
export const qcModule: ServerModule = {
  name: 'qc',
  tables: ['qc.table.ts'],
  hooks: () => {
    lifecycle.beforeApproval.on('qc: the run is in control', ORDER.check, async ({ tx, resultIds }) => {
      const blocked = await blockedByQc(tx, resultIds);
      if (blocked.length) throw new QcHold(blocked);
    });
  },
  routes: (app, { db }) => qcRoutes(app, db),
};
