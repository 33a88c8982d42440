// Type-checks every workspace with its own tsconfig (the build itself only strips types).
import { execFileSync } from 'node:child_process';

const projects = ['libs/contracts', 'libs/platform', 'services/identity', 'services/catalogue', 'services/uploads', 'services/orders', 'services/licensing', 'services/payouts', 'services/contests', 'apps/standalone', 'web-store', 'web-admin', 'loadtests'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
