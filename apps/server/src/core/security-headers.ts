import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app and the API. Scripts come only from
 * the app's own files (no inline script, no eval). Styles allow 'unsafe-inline'
 * because Ant Design writes its CSS-in-JS as <style> elements at run time and the
 * HTML shell is a static file without a per-request nonce (docs/decisions.md,
 * "Security headers"). PDFs are fetched as blobs and printed from a blob: frame.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The Swagger UI at /api/docs loads its own scripts; it also sets inline styles and shows data: images. */
export const SWAGGER_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response. HSTS is sent only when the request came
 * over TLS (directly, or through a trusted proxy that says x-forwarded-proto:
 * https): on plain http it would make browsers refuse the server they reached.
 *
 * Every reply is `Cache-Control: no-store` unless its route sets its own
 * caching: the replies of `/api/` and of the FHIR door `/fhir` (JSON, FHIR
 * JSON, CSV, XLSX, PDF, errors too) carry patients' data, whatever the prefix
 * or the caller (a user's token, an API client's secret), and no browser or
 * proxy of a shared computer keeps a copy. Only the web app's own files (the
 * hashed assets for a year, the HTML shell and the service worker revalidated,
 * core/web.ts) set theirs.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Explicit directives only: helmet's defaults add upgrade-insecure-requests, which
    // breaks a laboratory server reached over plain http on the local network.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Callback-style: it runs on every request, and a promise per hook is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
