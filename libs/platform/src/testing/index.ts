export * from './test-database.js';
export * from './test-identity.module.js';
export * from './pdf-text.js';
export * from './service-under-test.js';
