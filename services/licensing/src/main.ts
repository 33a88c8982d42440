import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { LicensingModule } from './licensing.module.js';

// The licensing service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Licensing service', modules: [LicensingModule] });
