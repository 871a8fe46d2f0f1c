import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { assertInstrumentsAvailable } from './assets.availability.js';
import { assetsRoutes } from './assets.routes.js';
import { useConsumables } from './consumables.use.js';
import { consumablesRoutes } from './consumables.routes.js';

/** Stock (consumables) and equipment (assets): what a result uses, and the analysers a result may come from. */
export const inventoryModule: ServerModule = {
  name: 'inventory',
  tables: ['consumables.table.ts', 'assets.table.ts'],
  hooks: () => {
    // An instrument whose every analyser here is under repair, out of service or past its calibration is refused.
    lifecycle.beforeEntry.on('inventory: the analyser is in service', ORDER.check, ({ tx, items }) => assertInstrumentsAvailable(tx, items));
    // The consumables the tests use (automatic use): the batch's runs, set-based; never refuses the entry.
    lifecycle.entered.on('inventory: consumables used', ORDER.consume, ({ tx, actor, runs }) =>
      useConsumables(
        tx,
        actor,
        runs.map((r) => r.testOrderId),
      ),
    );
  },
  routes: (app, { db }) => {
    consumablesRoutes(app, db);
    assetsRoutes(app, db);
  },
};
