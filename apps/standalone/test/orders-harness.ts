import type { Type } from '@nestjs/common';
import { LicensingModule } from '@mkt/licensing';
import { OrdersModule } from '@mkt/orders';
import type { LogDestination } from '@mkt/platform';
import { startServiceUnderTest, type ServiceUnderTest } from '@mkt/platform/testing';

export type OrdersHarness = ServiceUnderTest;

/**
 * Orders and licensing together (services never import each other; the app composes them) on a
 * real HTTP port with a fresh database, as the single-machine app runs them: the cross-service
 * flows (a purchase, a project download, a personal delivery) cross both through the event bus.
 * Each service's own behaviour is tested alone in services/orders/test and services/licensing/test.
 */
export function startOrders(options: { extraModules?: Type[]; env?: Record<string, string>; logDestination?: LogDestination } = {}): Promise<OrdersHarness> {
  return startServiceUnderTest({
    schema: 'orders',
    modules: [OrdersModule, LicensingModule, ...(options.extraModules ?? [])],
    env: options.env,
    logDestination: options.logDestination,
  });
}
