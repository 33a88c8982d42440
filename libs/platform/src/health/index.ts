export * from './readiness.js';
export * from './health.module.js';
export * from './peer-reachability.js';
