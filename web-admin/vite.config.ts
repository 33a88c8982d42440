import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console is served below /admin by the server (SPA fallback) and talks to /admin-api. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@mkt\/contracts\/web$/, replacement: fileURLToPath(new URL('../libs/contracts/src/web.ts', import.meta.url)) },
      { find: /^@mkt\/contracts$/, replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/admin-api': 'http://127.0.0.1:8080',
    },
  },
  preview: {
    proxy: {
      '/admin-api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, priority: 2 },
            { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[\w-]+)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
