export * from './app-error.js';
export * from './error-envelope.filter.js';
export * from './zod-validation.pipe.js';
