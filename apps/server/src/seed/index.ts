import type { Db } from '../core/db.js';
import { seedAggregateRules } from './aggregates.js';
import { seedDemo } from './demo.js';
import { seedDemoHistory } from './history.js';
import { seedBillingDemo } from './demo-billing.js';
import { seedInstrumentsDemo } from './demo-instruments.js';
import { seedDhis2Demo } from './demo-dhis2.js';
import { seedNotificationsDemo } from './demo-notifications.js';
import { seedReference } from './reference.js';
import { installModuleHooks } from '../modules/registry.js';

/**
 * Reference data always; with `demo`, the demo facilities, staff and samples, and (unless `history: false`, as the
 * tests' databases are seeded) about 500 finished samples of the last twelve months (history.ts), once.
 */
export async function seed(db: Db, options: { demo: boolean; history?: boolean }): Promise<void> {
  // The demo moves samples through the services: the modules' handlers (invoices, alerts, stock) act as in use.
  installModuleHooks();
  await db.transaction(async (tx) => {
    await seedReference(tx);
    // Before any sample is written, so every test is classified by the rules in force.
    await seedAggregateRules(tx);
    if (options.demo) {
      await seedDemo(tx);
      // DHIS2: every indicator mapped and every demo facility given an org unit (made-up UIDs); no server.
      await seedDhis2Demo(tx);
    }
  });
  if (options.demo && (options.history ?? true)) {
    await seedDemoHistory(db);
    // A week at Ikeja's cash desk: the week's orders invoiced, paid, discounted and refunded (once).
    await seedBillingDemo(db);
    // Ikeja's chemistry analyser over HL7 and Yaba's viral-load analyser over ASTM: a few messages, one result unmatched (once).
    await seedInstrumentsDemo(db);
    // The outbox of the last few released samples at Ikeja and Yaba: delivered, sent, one failed (once).
    await seedNotificationsDemo(db);
  }
}
