import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

const LANGUAGES = ['en', 'ar', 'es', 'fr', 'it', 'zh'] as const;
const PAGES = { landing: 'index.html', terms: 'terms.html' } as const;

/**
 * After the build, write the landing and terms pages as static HTML for each
 * language (dist/prerendered/<lang>/index.html and terms.html), rendered by
 * the same components into the built public.html, whose only script is the
 * small enhance.ts. The server answers `/` and `/terms` with them.
 */
export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  let alias: ResolvedConfig['resolve']['alias'] = [];
  return {
    name: 'nlims-prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const templateFile = path.join(outDir, 'public.html');
      const template = readFileSync(templateFile, 'utf8');
      const server = await createServer({
        root,
        configFile: false,
        resolve: { alias },
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/features/public/static/render.tsx')) as typeof import('./src/features/public/static/render');
        for (const language of LANGUAGES) {
          const dir = path.join(outDir, 'prerendered', language);
          mkdirSync(dir, { recursive: true });
          for (const [page, file] of Object.entries(PAGES)) {
            writeFileSync(path.join(dir, file), await renderPage(template, language, page as keyof typeof PAGES));
          }
        }
      } finally {
        await server.close();
      }
      rmSync(templateFile);
    },
  };
}
