export { OrdersModule, ORDERS_ENTITIES, ORDERS_MIGRATIONS } from './orders.module.js';
