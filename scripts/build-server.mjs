// Compiles the back-end workspaces from TypeScript to ESM JavaScript with swc.
// Type checking is separate (`npm run check`) so the start-up path stays fast.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const workspaces = ['libs/contracts', 'libs/platform', 'services/identity', 'services/catalogue', 'services/uploads', 'services/orders', 'services/licensing', 'services/payouts', 'apps/standalone'];
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
for (const ws of workspaces) {
  rmSync(`${ws}/dist`, { recursive: true, force: true });
  swc(ws, 'src', 'dist');
  for (const folder of besideSource[ws] ?? []) swc(ws, folder, `dist/${folder}`);
}
