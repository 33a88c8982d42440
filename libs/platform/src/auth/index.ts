export * from './token.service.js';
export * from './auth.guards.js';
export * from './auth.module.js';
export * from './remote-session.validators.js';
export * from './password-hasher.js';
export * from './account-directory.js';
