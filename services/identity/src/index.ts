export { IdentityModule, IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './identity.module.js';
export { NotificationMailer } from './notifications/notification-mailer.js';
