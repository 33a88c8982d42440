import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { PayoutsModule } from './payouts.module.js';

// The payouts service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Payouts service', modules: [PayoutsModule] });
