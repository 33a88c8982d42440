export { IdentityModule, IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './identity.module.js';
