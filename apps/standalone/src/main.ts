import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_UI_BASE } from '@mkt/contracts';
import { loadConfig, runServiceProcess } from '@mkt/platform';
import { IdentityModule } from '@mkt/identity';
import { CatalogueModule } from '@mkt/catalogue';
import { UploadsModule } from '@mkt/uploads';
import { OrdersModule } from '@mkt/orders';
import { LicensingModule } from '@mkt/licensing';
import { PayoutsModule } from '@mkt/payouts';
import { ContestsModule } from '@mkt/contests';
import { serveWebApps } from './web-apps.js';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

// The demo catalogue and music are loaded only when they will be seeded, so a production process
// never even imports them. A configuration error is left to runServiceProcess, which names every problem.
const seedDemo = (() => {
  try {
    return loadConfig(process.env).seedDemo;
  } catch {
    return false;
  }
})();
const demoModules = seedDemo ? [(await import('@mkt/catalogue/demo')).CatalogueDemoModule] : [];

// Every service in one process on embedded engines: the single-machine mode of `npm start`.
await runServiceProcess(
  {
    title: 'Lumen Stock marketplace (single machine)',
    modules: [IdentityModule, CatalogueModule, ...demoModules, UploadsModule, OrdersModule, LicensingModule, PayoutsModule, ContestsModule],
    configure: (app, config) => {
      if (config.http.serveWeb) serveWebApps(app.getHttpAdapter().getInstance(), repositoryRoot, config.http.siteVerificationFiles);
    },
  },
  ({ url, config }) => [
    '',
    `  Store:    ${url}/`,
    `  Console:  ${url}${ADMIN_UI_BASE}/   (demo staff: admin / admin12345)`,
    `  API docs: ${url}/api/docs`,
    ...(config.notifier.driver === 'dev-mailbox' ? [`  Mailbox:  ${url}/dev/mailbox   (sign-in codes; demo buyer 13800000001)`] : []),
    `  Data:     ${config.dataDir}`,
    '',
  ],
);
