export * from './notifier.port.js';
export * from './dev-mailbox.notifier.js';
export * from './smtp.notifier.js';
export * from './notifier.module.js';
export * from './aliyun-sms.notifier.js';
export * from './channel-routing.notifier.js';
