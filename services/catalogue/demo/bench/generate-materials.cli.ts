#!/usr/bin/env node
// Loads a generated catalogue into a database for benchmarks (after `npm run build`):
//
//   node services/catalogue/dist/demo/bench/generate-materials.cli.js \
//     --database-url postgres://postgres:marketplace@127.0.0.1:54329/marketplace --count 1000000 [--replace]
//
// The database must already hold the migrated `catalogue` schema (start the server on it once).
import { parseArgs } from 'node:util';
import { generateMaterials } from './generate-materials.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    count: { type: 'string', default: '1000000' },
    replace: { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('usage: generate-materials --database-url postgres://... [--count 1000000] [--replace]\n');
  process.exit(64);
}
const result = await generateMaterials({
  databaseUrl,
  count: Number(values.count),
  replace: values.replace,
  onProgress: (message) => process.stderr.write(`generate: ${message}\n`),
});
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
