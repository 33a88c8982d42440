export * from './envelope.interceptor.js';
export * from './controllers.js';
export * from './list-query.js';
export * from './http-app.js';
export * from './https-redirect.middleware.js';
export * from './api-zod-body.decorator.js';
export * from './rate-limit.guard.js';
export * from './admin-resource.controller.js';
