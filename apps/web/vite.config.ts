import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPublicPages } from './prerender';

export default defineConfig({
  plugins: [react(), prerenderPublicPages()],
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
