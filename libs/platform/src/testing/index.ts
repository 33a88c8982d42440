export * from './test-database.js';
export * from './test-identity.module.js';
export * from './pdf-text.js';
export * from './service-under-test.js';
export { seedS3rverObject, startS3TestServer, type S3TestServer } from '../storage/testing/s3rver.test-server.js';
export { randomLook } from '../visual/testing/random-look.js';
