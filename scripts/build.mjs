// Builds what the product runs: the back-end workspaces (TypeScript to ESM JavaScript with swc;
// type checking is `npm run check`) and the two web apps (type check and Vite).
//
//   node scripts/build.mjs                     everything
//   node scripts/build.mjs --only server|web   one half
//   node scripts/build.mjs --if-stale          only what changed since its last build
//
// Each unit's output folder keeps a fingerprint of its inputs (the sources it compiles, its
// configuration and the lock file), so `npm start` with nothing changed starts at once.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const STAMP = '.build-input';
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
// Tests are not part of the build; editing one must not rebuild its workspace.
const SERVER_TEST_FILE = /\.(spec|int-spec|contract)\.ts$/;

const serverWorkspaces = ['libs/contracts', 'libs/platform', 'services/identity', 'services/catalogue', 'services/uploads', 'services/orders', 'services/licensing', 'services/payouts', 'services/contests', 'apps/standalone'];
// Source kept beside a workspace's runtime `src` and built into its own folder of `dist`: the
// catalogue's demo data and benchmark generator (`@mkt/catalogue/demo`), which only the
// single-machine app loads.
const besideSource = { 'services/catalogue': ['demo'] };

const swc = (ws, from, to) =>
  // Run inside the workspace so `src/x.ts` lands at `dist/x.js`; tests stay out of the build.
  execFileSync(
    process.execPath,
    [resolve('node_modules/@swc/cli/bin/swc.js'), from, '-d', to, '--strip-leading-paths', '--config-file', resolve('.swcrc'), '--ignore', '**/*.spec.ts,**/*.int-spec.ts,**/*.contract.ts,**/testing/**,**/test/**', '--quiet'],
    { stdio: 'inherit', cwd: ws },
  );

const units = [
  ...serverWorkspaces.map((ws) => ({
    name: ws,
    half: 'server',
    output: `${ws}/dist`,
    inputs: [`${ws}/src`, ...(besideSource[ws] ?? []).map((folder) => `${ws}/${folder}`), `${ws}/package.json`, '.swcrc', 'package-lock.json'],
    isInput: (path) => !SERVER_TEST_FILE.test(path),
    build() {
      rmSync(`${ws}/dist`, { recursive: true, force: true });
      swc(ws, 'src', 'dist');
      for (const folder of besideSource[ws] ?? []) swc(ws, folder, `dist/${folder}`);
    },
  })),
  ...['web-store', 'web-admin'].map((app) => ({
    name: app,
    half: 'web',
    output: `${app}/dist`,
    // The web apps compile the contracts' sources themselves (see their Vite aliases).
    inputs: [app, 'libs/contracts/src', 'tsconfig.base.json', 'package-lock.json'],
    isInput: (path) => !/\.spec\.tsx?$/.test(path),
    build() {
      execFileSync('npm', ['run', 'build', '-w', app], { stdio: 'inherit' });
    },
  })),
];

/** A hash of every input file's path and content, in a stable order. */
function fingerprint(unit) {
  const hash = createHash('sha256');
  const addFile = (path) => hash.update(path).update('\0').update(readFileSync(path)).update('\0');
  const visit = (folder) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) visit(path);
      else if (entry.isFile() && unit.isInput(path)) addFile(path);
    }
  };
  for (const input of unit.inputs) {
    if (!existsSync(input)) continue;
    if (statSync(input).isDirectory()) visit(input);
    else addFile(input);
  }
  return hash.digest('hex');
}

const stampOf = (unit) => join(unit.output, STAMP);
const builtFrom = (unit) => (existsSync(stampOf(unit)) ? readFileSync(stampOf(unit), 'utf8').trim() : null);

const { values } = parseArgs({ options: { only: { type: 'string' }, 'if-stale': { type: 'boolean', default: false } } });
if (values.only && !['server', 'web'].includes(values.only)) throw new Error(`--only takes server or web, not ${values.only}`);

const started = Date.now();
const built = [];
for (const unit of units) {
  if (values.only && unit.half !== values.only) continue;
  const inputs = fingerprint(unit);
  if (values['if-stale'] && builtFrom(unit) === inputs) continue;
  unit.build();
  writeFileSync(stampOf(unit), `${inputs}\n`);
  built.push(unit.name);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(built.length ? `built ${built.join(', ')} in ${seconds} s` : `build is current (checked in ${seconds} s)`);
