import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicRoutes } from './auth.js';
import { serviceWorkerSource } from './service-worker.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
  const sw = serviceWorkerSource(indexHtml, buildId);

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
  // The shell itself: `/` would otherwise be a directory listing request to the static plugin.
  app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => sendShell(reply));
  app.get('/index.html', { config: { public: true }, schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ detail: 'Not found.' });
    return sendShell(reply);
  });
  return true;
}
