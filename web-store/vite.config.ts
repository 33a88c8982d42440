import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const contracts = (file: string) => fileURLToPath(new URL(`../libs/contracts/src/${file}`, import.meta.url));
const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    // The contracts package only builds dist/ for the server; the store compiles its sources.
    alias: [
      { find: /^@mkt\/contracts\/web$/, replacement: contracts('web.ts') },
      { find: /^@mkt\/contracts$/, replacement: contracts('index.ts') },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/dev': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    rolldownOptions: {
      treeshake: {
        // Contract modules have no side effects. Saying so lets the bundler keep contract code
        // out of chunks that do not use it: the home route then preloads no upload code.
        moduleSideEffects: (id: string) => !id.startsWith(contracts('')),
      },
      output: {
        // Libraries change far less often than the store's own code: separate chunks stay cached
        // across deploys.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/ },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
          ],
        },
      },
    },
  },
});
