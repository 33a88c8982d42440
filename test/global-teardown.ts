import type { EmbeddedPostgresServer } from '../libs/platform/src/database/embedded-postgres.server';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __TEST_PG__?: EmbeddedPostgresServer }).__TEST_PG__?.stop();
}
