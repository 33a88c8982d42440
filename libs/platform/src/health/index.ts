export * from './readiness.js';
export * from './health.module.js';
