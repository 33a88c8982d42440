export { UploadsModule, UPLOADS_ENTITIES, UPLOADS_MIGRATIONS } from './uploads.module.js';
