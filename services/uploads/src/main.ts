import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { UploadsModule } from './uploads.module.js';

// The uploads service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Uploads service', modules: [UploadsModule] });
