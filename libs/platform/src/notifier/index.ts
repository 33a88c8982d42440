export * from './notifier.port.js';
export * from './dev-mailbox.notifier.js';
export * from './smtp.notifier.js';
export * from './notifier.module.js';
