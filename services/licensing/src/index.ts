export { LicensingModule, LICENSING_ENTITIES, LICENSING_MIGRATIONS } from './licensing.module.js';
