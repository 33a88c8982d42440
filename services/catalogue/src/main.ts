import 'reflect-metadata';
import { runServiceProcess } from '@mkt/platform';
import { CatalogueModule } from './catalogue.module.js';

// The catalogue service alone, as each deployment of the distributed mode runs it.
await runServiceProcess({ title: 'Catalogue service', modules: [CatalogueModule] });
