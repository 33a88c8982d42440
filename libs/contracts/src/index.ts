export * from './envelope.js';
export * from './error-codes.js';
export * from './messages.js';
export * from './identity.js';
export * from './events.js';
export * from './routes.js';
export * from './catalogue.js';
export * from './filter-labels.js';
