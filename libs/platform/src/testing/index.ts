export * from './test-database.js';
export * from './test-identity.module.js';
