import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { OrdersModule } from './orders.module.js';

// The orders service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Orders service', modules: [OrdersModule] });
