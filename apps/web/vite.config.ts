import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages } from './prerender';

/** The shared catalogue of words (packages/i18n), globbed by the i18n loader as `@locales/<language>/<namespace>.json`. */
const LOCALES_ALIAS = { '@locales': fileURLToPath(new URL('../../packages/i18n/locales', import.meta.url)) };

export default defineConfig({
  plugins: [react(), prerenderPublicPages()],
  resolve: { alias: LOCALES_ALIAS },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app, and the template of the prerendered landing and terms pages (see prerender.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        public: fileURLToPath(new URL('./public.html', import.meta.url)),
      },
      output: {
        // Fewer, larger files for the first visit: a slow connection pays a round trip per file
        // (at most six at a time), more than it pays for the few extra kilobytes.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 3,
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            // What the prerendered pages' small script shares with the app stays apart from React.
            {
              name: 'light',
              priority: 2,
              test: /[\\/]src[\\/](pwa[\\/]serviceWorker|i18n[\\/](languages|language-cookie)|index\.css|features[\\/](public[\\/]public\.css|language[\\/]language\.css|demo[\\/]demoBanner\.css))/,
            },
            // The sign-in page and what it needs, in one file.
            { name: 'signin', priority: 1, test: /[\\/]src[\\/]features[\\/]auth[\\/]SignIn\.tsx$/ },
          ],
        },
      },
      treeshake: {
        // The shared contracts are pure declarations; this lets unused zod schemas
        // (and zod itself) drop out of pages that only need the routing rules.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/sw.js': 'http://localhost:8080' },
  },
});
