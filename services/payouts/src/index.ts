export { PayoutsModule, PAYOUTS_ENTITIES, PAYOUTS_MIGRATIONS } from './payouts.module.js';
