// Compiles the back-end workspaces from TypeScript to ESM JavaScript with swc.
// Type checking is separate (`npm run check`) so the start-up path stays fast.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const workspaces = ['libs/contracts', 'libs/platform', 'services/identity', 'services/catalogue', 'services/uploads', 'services/orders', 'services/licensing', 'apps/standalone'];
for (const ws of workspaces) {
  rmSync(`${ws}/dist`, { recursive: true, force: true });
  // Run inside the workspace so `src/x.ts` lands at `dist/x.js`; tests stay out of the build.
  execFileSync(
    process.execPath,
    [resolve('node_modules/@swc/cli/bin/swc.js'), 'src', '-d', 'dist', '--strip-leading-paths', '--config-file', resolve('.swcrc'), '--ignore', '**/*.spec.ts,**/*.int-spec.ts,**/*.contract.ts,**/testing/**', '--quiet'],
    { stdio: 'inherit', cwd: ws },
  );
}
