import type { NotificationProvider } from './provider.js';

/**
 * An SMS gateway reached over HTTP: `POST SMS_GATEWAY_URL` with a JSON body
 * `{ to, message, reference }` and `Authorization: Bearer SMS_GATEWAY_TOKEN`.
 * A 2xx answer is accepted; its JSON `id` (or `message_id`), when present, is
 * the gateway's id for the message. Any other answer, or no answer within the
 * timeout, is a failed attempt with the status and the start of the body as
 * the reason.
 */
export function httpSmsProvider(options: { url: string; token: string | null; timeoutMs?: number }): NotificationProvider {
  return {
    channel: 'sms',
    async send(message) {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        body: JSON.stringify({ to: message.to, message: message.body, reference: message.reference }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`The SMS gateway answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
      let id: unknown = null;
      try {
        const json = JSON.parse(text) as { id?: unknown; message_id?: unknown };
        id = json.id ?? json.message_id ?? null;
      } catch {
        // A gateway that answers plain text: the reference names the message.
      }
      return { providerId: typeof id === 'string' || typeof id === 'number' ? String(id) : message.reference };
    },
  };
}
