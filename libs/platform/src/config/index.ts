export * from './app-config.js';
export * from './config.module.js';
export * from './secrets.js';
