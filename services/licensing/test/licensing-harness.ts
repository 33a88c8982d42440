import { startServiceUnderTest, type ServiceUnderTest } from '@mkt/platform/testing';
import { LicensingModule } from '../src/licensing.module.js';

export type LicensingHarness = ServiceUnderTest;

/**
 * The licensing service alone on a real HTTP port with a fresh database. Orders are confirmed by
 * publishing `order.confirmed` as the orders service would, reduced copies arrive as
 * `delivery.prepared` as the uploads service would announce them, and what licensing asks for is
 * read from its outbox.
 */
export function startLicensing(): Promise<LicensingHarness> {
  return startServiceUnderTest({ schema: 'licensing', modules: [LicensingModule] });
}
