import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractsEntry = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));
const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // The contracts package only builds dist/ for the server; the store compiles its sources.
    alias: { '@mkt/contracts': contractsEntry },
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
        // The contracts build zod schemas at module level for the server. The store only reads
        // constants, helpers and types from them, so those schemas must not pull zod into the
        // bundle: contract modules are side-effect free and schema construction counts as pure.
        moduleSideEffects: (id: string) => !id.startsWith(contractsDir),
        manualPureFunctions: ['z', 'defineEvent'],
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
