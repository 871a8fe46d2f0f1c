import nodemailer from 'nodemailer';
import type { NotificationProvider } from './provider.js';

/** E-mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.org:587; smtps:// for TLS from the start). */
export function smtpProvider(options: { url: string; from: string; timeoutMs?: number }): NotificationProvider {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(options.url, {});
  transport.set('connectionTimeout', timeout);
  return {
    channel: 'email',
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
        headers: { 'X-NLIMS-Reference': message.reference },
      });
      return { providerId: info.messageId || message.reference };
    },
    async close() {
      transport.close();
    },
  };
}
