export * from './embedded-postgres.server.js';
export * from './migration-runner.js';
export * from './database.module.js';
export * from './like-pattern.js';
export * from './after-commit.js';
export * from './connection-failure.js';
export * from './outage-log.js';
export * from './prepared-query.js';
