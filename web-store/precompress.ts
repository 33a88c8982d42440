import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing, and the size below which the headers cost more than they save. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, so
 * the server sends them to browsers that accept them without compressing on each request (the
 * single-machine server's static files use them: preCompressed). On a phone's slow connection the
 * store's first JavaScript is about a third of its plain size.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const visit = (folder: string) => {
        for (const entry of readdirSync(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) visit(path);
          else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) {
            const bytes = readFileSync(path);
            writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
            writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
          }
        }
      };
      visit(outDir);
    },
  };
}
