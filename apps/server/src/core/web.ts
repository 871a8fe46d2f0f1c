import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicRoutes } from './auth.js';
import { serviceWorkerSource } from './service-worker.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The languages the web app offers, as its prerendered pages are built (apps/web/prerender.ts). */
const LANGUAGES = ['en', 'ar', 'es', 'fr', 'it', 'zh'] as const;
type Language = (typeof LANGUAGES)[number];
const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
const LANG_COOKIE = 'lang';
const YEAR_S = 31536000;

/**
 * The visitor's language for a prerendered page: `?lang=xx` (then remembered),
 * the `lang` cookie the app sets when a language is chosen, the browser's
 * Accept-Language, else English.
 */
export function pickLanguage(query: unknown, cookieHeader: string | undefined, acceptLanguage: string | undefined): { language: Language; fromQuery: boolean } {
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  if (isLanguage(asked)) return { language: asked, fromQuery: true };
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLanguage(value)) return { language: value, fromQuery: false };
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => isLanguage(entry.base));
  return { language: found && isLanguage(found.base) ? found.base : 'en', fromQuery: false };
}

/** dist/prerendered/<lang>/<file>, read once; null when the build has none. */
function readPrerendered(webDist: string): Map<string, string> | null {
  const pages = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const file of ['index.html', 'terms.html']) {
      const full = path.join(webDist, 'prerendered', language, file);
      if (!existsSync(full)) return null;
      pages.set(`${language}/${file}`, readFileSync(full, 'utf8'));
    }
  }
  return pages;
}

/**
 * Serve the built web app: hashed assets cached for a year, the HTML shell
 * and the service worker revalidated on every visit, and every unknown
 * non-API GET answered with the shell so the client router takes over.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null, buildId: string): Promise<boolean> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  if (!webDist || !indexFile || !existsSync(indexFile)) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not found.' }));
    return false;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const prerendered = readPrerendered(webDist);
  // The worker also keeps the landing page's own script and styles, so `/` opens offline too.
  const sw = serviceWorkerSource(indexHtml + (prerendered?.get('en/index.html') ?? ''), buildId);

  app.get('/sw.js', { config: { public: true }, schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').header('service-worker-allowed', '/').type('text/javascript; charset=utf-8').send(sw),
  );

  await publicRoutes(app, async (scope) => {
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  });

  const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  // The landing and terms pages as prerendered HTML in the visitor's language (no app JavaScript);
  // the app shell when the build has none.
  const sendPage = (file: 'index.html' | 'terms.html') => (request: FastifyRequest, reply: FastifyReply) => {
    if (!prerendered) return sendShell(reply);
    const { language, fromQuery } = pickLanguage(request.query, request.headers.cookie, request.headers['accept-language']);
    if (fromQuery) reply.header('set-cookie', `${LANG_COOKIE}=${language}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(prerendered.get(`${language}/${file}`));
  };
  app.get('/', { config: { public: true }, schema: { hide: true } }, sendPage('index.html'));
  app.get('/terms', { config: { public: true }, schema: { hide: true } }, sendPage('terms.html'));
  app.get('/index.html', { config: { public: true }, schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ detail: 'Not found.' });
    return sendShell(reply);
  });
  return true;
}
