import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { ContestsModule } from './contests.module.js';

// The contests service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Contests service', modules: [ContestsModule] });
