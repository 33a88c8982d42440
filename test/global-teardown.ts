import { rmSync } from 'node:fs';
import type { EmbeddedPostgresServer } from '../libs/platform/src/database/embedded-postgres.server';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis as { __TEST_PG__?: EmbeddedPostgresServer; __TEST_PG_ROOT__?: string };
  await run.__TEST_PG__?.stop();
  // The cluster is thrown away with its folder: tens of megabytes per run otherwise left behind.
  if (run.__TEST_PG_ROOT__) rmSync(run.__TEST_PG_ROOT__, { recursive: true, force: true });
}
