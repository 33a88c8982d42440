// Compiles the back-end workspaces from TypeScript to ESM JavaScript with swc.
// Type checking is separate (`npm run check`) so the start-up path stays fast.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const workspaces = ['libs/contracts', 'libs/platform', 'services/identity', 'apps/standalone'];
for (const ws of workspaces) {
  rmSync(`${ws}/dist`, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    ['node_modules/@swc/cli/bin/swc.js', `${ws}/src`, '-d', `${ws}/dist`, '--strip-leading-paths', '--config-file', '.swcrc', '--copy-files', '--quiet'],
    { stdio: 'inherit' },
  );
}
