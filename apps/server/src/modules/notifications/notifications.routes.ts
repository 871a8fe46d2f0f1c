import { timingSafeEqual } from 'node:crypto';
import {
  criticalAckBody,
  criticalAlertItem,
  criticalAlertQuery,
  deliveryReportBody,
  idParams,
  notificationSettingBody,
  notificationSettingItem,
  outboxListQuery,
  outboxPage,
} from '@nlims/contracts';
import { z } from 'zod';
import { mayInAny } from '../../core/access.js';
import { type Gate, principalOf } from '../../core/auth.js';
import type { NotificationConfig } from '../../core/config.js';
import type { Db } from '../../core/db.js';
import { AppError, forbidden } from '../../core/errors.js';
import { RateWindow } from '../../core/rate-window.js';
import type { App } from '../../core/types.js';
import { acknowledgeCritical, listCriticalAlerts } from './notifications.critical.js';
import { Dispatcher } from './notifications.dispatcher.js';
import { listOutbox, listSettings, notificationAdmin, recordDelivery, resendMessage, saveSetting } from './notifications.service.js';
import { staffFacilityOf } from '../users/users.service.js';
import { httpSmsProvider } from './providers/http-sms.js';
import type { NotificationProvider } from './providers/provider.js';
import { smtpProvider } from './providers/smtp.js';

const tags = ['notifications'];
const detail = z.object({ detail: z.string() });

/** Who may acknowledge a critical value, decided before the body is read: staff who enter or validate results somewhere. */
const acknowledgers: Gate = (p) => {
  staffFacilityOf(p, 'Critical values are a facility’s staff’s.');
  if (!mayInAny(p, 'enter') && !mayInAny(p, 'validate'))
    throw forbidden('Only laboratory staff who enter or validate results record the acknowledgement of a critical value.');
};

/** The providers the configuration names: none, one or both channels. */
export function providersOf(config: NotificationConfig): Partial<Record<'sms' | 'email', NotificationProvider>> {
  return {
    ...(config.smtpUrl ? { email: smtpProvider({ url: config.smtpUrl, from: config.mailFrom }) } : {}),
    ...(config.smsGatewayUrl ? { sms: httpSmsProvider({ url: config.smsGatewayUrl, token: config.smsGatewayToken }) } : {}),
  };
}

const dispatchers = new WeakMap<object, Dispatcher>();
/** The app's dispatcher (tests drain it). */
export const dispatcherOf = (app: App): Dispatcher => dispatchers.get(app)!;

const sameToken = (given: string | undefined, wanted: string | null): boolean => {
  if (!wanted || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The outbox, its per-programme settings and the critical values, and the dispatcher that sends the outbox: started
 * with the app, stopped when it closes.
 */
export function notificationsRoutes(app: App, db: Db, config: NotificationConfig, limit = new RateWindow({ limit: 120, windowMs: 60_000 })): void {
  const dispatcher = new Dispatcher(db, providersOf(config), {
    retryMs: config.retryMs,
    maxAttempts: config.maxAttempts,
    pollMs: config.pollMs,
    log: { warn: (m) => app.log.warn(m) },
  });
  dispatchers.set(app, dispatcher);
  const providers = { sms: !!dispatcher.providers.sms, email: !!dispatcher.providers.email };

  app.get(
    '/api/notifications/outbox/',
    {
      schema: {
        tags,
        operationId: 'listNotificationOutbox',
        summary:
          "The facility's messages (queued, held for payment, sent, delivered, failed with the reason), newest first: its administrator's. The words and the full recipient only in programmes whose results the caller reads; the lab number only in those it holds a role in",
        querystring: outboxListQuery,
        response: { 200: outboxPage },
      },
    },
    (request) => {
      const link = (page: number) => {
        const params = new URLSearchParams(Object.entries({ ...request.query, page }).map(([k, v]) => [k, String(v)]));
        return `/api/notifications/outbox/?${params}`;
      };
      return listOutbox(db, principalOf(request), request.query, providers, link);
    },
  );
  app.post(
    '/api/notifications/outbox/:id/resend/',
    {
      config: { may: notificationAdmin },
      schema: {
        tags,
        operationId: 'resendNotification',
        summary: 'Queue a failed message again (its attempts start over)',
        params: idParams,
        response: { 200: detail },
      },
    },
    async (request) => {
      await db.transaction((tx) => resendMessage(tx, principalOf(request), request.params.id));
      dispatcher.soon();
      return { detail: 'Queued again.' };
    },
  );
  app.get(
    '/api/notifications/settings/',
    {
      schema: {
        tags,
        operationId: 'listNotificationSettings',
        summary: "What each programme's messages say (only that results are ready, or the values) and to whom",
        response: { 200: z.array(notificationSettingItem) },
      },
    },
    (request) => listSettings(db, principalOf(request)),
  );
  app.put(
    '/api/notifications/settings/',
    {
      config: { may: notificationAdmin },
      schema: {
        tags,
        operationId: 'saveNotificationSetting',
        summary: "Change one programme's messages (the facility's administrator; audited)",
        body: notificationSettingBody,
        response: { 200: z.array(notificationSettingItem) },
      },
    },
    (request) => db.transaction((tx) => saveSetting(tx, principalOf(request), request.body)),
  );
  app.get(
    '/api/critical_alerts/',
    {
      schema: {
        tags,
        operationId: 'listCriticalAlerts',
        summary: 'Critical values: who was notified and when, and who acknowledged them',
        querystring: criticalAlertQuery,
        response: { 200: z.array(criticalAlertItem) },
      },
    },
    (request) => listCriticalAlerts(db, principalOf(request), request.query),
  );
  app.post(
    '/api/critical_alerts/:id/acknowledge/',
    {
      config: { may: acknowledgers },
      schema: {
        tags,
        operationId: 'acknowledgeCriticalAlert',
        summary: 'Record who took the critical value (read back) and when',
        params: idParams,
        body: criticalAckBody,
        response: { 200: criticalAlertItem },
      },
    },
    (request) => db.transaction((tx) => acknowledgeCritical(tx, principalOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/notifications/delivery_report/',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'smsDeliveryReport',
        summary: "The SMS gateway's delivery report (public; the shared token in X-Gateway-Token; rate-limited)",
        body: deliveryReportBody,
        response: {
          200: detail,
          401: detail.describe('No token, or not the configured one.'),
          404: detail.describe('No sent message carries this reference.'),
          429: detail.describe('Too many reports from this address: wait the seconds given in Retry-After.'),
        },
      },
    },
    async (request) => {
      const wait = limit.take(request.ip);
      if (wait > 0) throw new AppError(429, `Too many delivery reports. Try again in ${wait} second(s).`, { 'retry-after': String(wait) });
      const token = request.headers['x-gateway-token'];
      if (!sameToken(typeof token === 'string' ? token : undefined, config.smsGatewayToken)) throw new AppError(401, 'Invalid gateway token.');
      if (!(await db.transaction((tx) => recordDelivery(tx, request.body)))) throw new AppError(404, 'No sent message carries this reference.');
      return { detail: 'Recorded.' };
    },
  );

  dispatcher.start();
  app.addHook('onClose', async () => {
    await dispatcher.stop();
  });
}
