export * from './json-logger.js';
export * from './request-context.js';
export * from './request-logging.hooks.js';
