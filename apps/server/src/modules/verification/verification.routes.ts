import { normaliseVerifyCode, verifyReply } from '@nlims/contracts';
import { z } from 'zod';
import type { Db } from '../../core/db.js';
import { AppError } from '../../core/errors.js';
import type { App } from '../../core/types.js';
import { digestKey, verificationContext, verifyCode } from './verification.service.js';
import { RateWindow } from '../../core/rate-window.js';

const tags = ['verification'];

/**
 * Every request runs with what a report's verification needs (the digest key
 * and the public base URL), so whichever route prints a report — a sample's,
 * a referred sample's, a FHIR Binary — prints its QR code the same way.
 * Registered before the routes.
 */
export function registerVerificationContext(app: App, options: { secret: Uint8Array; publicUrl: string | null }) {
  const key = digestKey(options.secret);
  app.addHook('onRequest', (request, _reply, done) => {
    verificationContext.run({ key, baseUrl: options.publicUrl ?? `${request.protocol}://${request.host}` }, done);
  });
}

/**
 * `GET /api/verify/{code}/`: public — anyone holding a printed report may
 * check it. Rate-limited per address; any code that was not issued (unknown,
 * mistyped, malformed) is the same plain 404.
 */
export function verificationRoutes(app: App, db: Db, limit = new RateWindow({ limit: 30, windowMs: 60_000 })) {
  app.get(
    '/api/verify/:code/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Verify a printed report by its code (public, rate-limited): facility, lab number, test names, approval date and whether it is current',
        params: z.object({ code: z.string() }),
        response: {
          200: verifyReply,
          404: z.object({ detail: z.string() }).describe('No report carries this code (unknown, mistyped or malformed: the same reply).'),
          429: z.object({ detail: z.string() }).describe('Too many look-ups from this address: wait the seconds given in Retry-After.'),
        },
      },
    },
    async (request, reply) => {
      const wait = limit.take(request.ip);
      if (wait > 0) throw new AppError(429, `Too many verification requests. Try again in ${wait} second(s).`, { 'retry-after': String(wait) });
      reply.header('cache-control', 'no-store');
      return verifyCode(db, normaliseVerifyCode(request.params.code));
    },
  );
}
