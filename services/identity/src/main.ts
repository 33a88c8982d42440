import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { IdentityModule } from './identity.module.js';

// The identity service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Identity service', modules: [IdentityModule] });
