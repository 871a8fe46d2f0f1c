import type { ServerModule } from '../../core/module.js';
import { lifecycle, ORDER } from '../samples/lifecycle.js';
import { notifyApproved, raiseCriticalAlerts } from './notifications.enqueue.js';
import { notificationsRoutes } from './notifications.routes.js';

/** Notifications: messages queued in the outbox in the move's transaction, sent by the dispatcher afterwards. */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  tables: ['notifications.table.ts'],
  hooks: () => {
    // A critical value (LL, HH): its alert, and the clinician told at once.
    lifecycle.entered.on('notifications: critical values', ORDER.notify, ({ tx, runs }) => raiseCriticalAlerts(tx, runs));
    // The clinician and the consenting client are told, once per batch.
    lifecycle.approved.on('notifications: results released', ORDER.notify, ({ tx, results }) => notifyApproved(tx, results));
  },
  routes: (app, { db, notifications }) => notificationsRoutes(app, db, notifications),
};
