/**
 * A way out for one channel. Another SMS gateway is one small file exporting a
 * function that returns this shape (see http-sms.ts):
 *
 *   send(message) — deliver one message or throw an Error whose message is the
 *     reason (it is kept on the outbox row and shown to the facility
 *     administrator). Answer the provider's own id for the message when it gives
 *     one (delivery reports name it), otherwise the message's `reference`.
 *   close() — release connections when the app stops.
 *
 * The dispatcher retries a thrown send with back-off; a provider never retries
 * by itself, so an attempt is one row's attempt.
 */
export interface OutgoingMessage {
  /** E.164 phone number or e-mail address. */
  to: string;
  subject: string;
  body: string;
  /** Stable per outbox row (`nlims-<id>`): a gateway may use it to drop a repeat and to name the message in its reports. */
  reference: string;
}

export interface NotificationProvider {
  readonly channel: 'sms' | 'email';
  send(message: OutgoingMessage): Promise<{ providerId: string }>;
  close?(): Promise<void>;
}
