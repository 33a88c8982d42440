import { randomUUID } from 'node:crypto';
import { Clock } from '@mkt/platform';
import { TestIdentityModule, grantContributorRights, startServiceUnderTest, type ServiceUnderTest } from '@mkt/platform/testing';
import { PayoutsModule } from '../src/payouts.module.js';

export interface PayoutsHarness extends ServiceUnderTest {
  /** A signed-in contributor (gid 3) or buyer (no contributor rights). */
  user(kind: 'contributor' | 'buyer'): Promise<{ userId: string; token: string }>;
  /** Sets the service's clock (the statement job's "now"). */
  setNow(iso: string): void;
}

/**
 * The payouts service alone on a real HTTP port with a fresh database and a clock the test sets.
 * Materials and sales arrive as the catalogue's and orders' events; identity's session check is
 * stood in for, so contributor rights are the test's to grant.
 */
export async function startPayouts(): Promise<PayoutsHarness> {
  const service = await startServiceUnderTest({ schema: 'payouts', modules: [TestIdentityModule, PayoutsModule] });
  const clock = service.server.app.get(Clock);
  return {
    ...service,
    async user(kind) {
      const userId = randomUUID();
      if (kind === 'contributor') grantContributorRights(userId, { gid: 3, videoFlag: true, photoFlag: true });
      return { userId, token: await service.userToken(userId) };
    },
    setNow(iso) {
      const at = new Date(iso);
      clock.now = () => new Date(at);
    },
  };
}
