export * from './trace-context.js';
export * from './trace-setup.js';
