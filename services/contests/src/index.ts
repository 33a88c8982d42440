export { ContestsModule, CONTESTS_ENTITIES, CONTESTS_MIGRATIONS } from './contests.module.js';
