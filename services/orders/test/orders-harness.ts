import { startServiceUnderTest, type ServiceUnderTest } from '@mkt/platform/testing';
import { OrdersModule } from '../src/orders.module.js';

export type OrdersHarness = ServiceUnderTest;

/**
 * The orders service alone on a real HTTP port with a fresh database. What it learns from other
 * services (materials on sale, customers, projects, music orders) is fed by publishing their
 * events; what it tells them is read from its outbox.
 */
export function startOrders(): Promise<OrdersHarness> {
  return startServiceUnderTest({ schema: 'orders', modules: [OrdersModule] });
}
