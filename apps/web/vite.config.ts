import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    rolldownOptions: {
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
