#!/usr/bin/env node
// Writes the deployment files generated from deploy/service-routes.mjs (nginx's routes for docker
// compose, the Kubernetes ingresses) and deploy/topology.mjs (addresses, peers, overlay hosts).
// `--check` writes nothing and fails when a generated file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedRouteFiles } from '../deploy/service-routes.mjs';
import { generatedAddressFiles } from '../deploy/topology.mjs';

const root = join(import.meta.dirname, '..');
const check = process.argv.includes('--check');
let stale = 0;
for (const [path, content] of Object.entries({ ...generatedRouteFiles(), ...generatedAddressFiles() })) {
  const file = join(root, path);
  let current = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not generated yet
  }
  if (current === content) continue;
  if (check) {
    console.error(`${path} is out of date: run node scripts/routes.mjs`);
    stale += 1;
  } else {
    writeFileSync(file, content);
    console.log(`wrote ${path}`);
  }
}
process.exit(stale > 0 ? 1 : 0);
