import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ContestsModule } from '@mkt/contests';
import { UploadsModule } from '@mkt/uploads';
import { startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { TestIdentityModule, createTestDatabase, type TestDatabase } from '@mkt/platform/testing';

/**
 * Services that share a process share one scheduler: each periodic job (the abandoned-uploads
 * sweep, the upload frames backfill, the abandoned contest files sweep) is scheduled once, not
 * once per service that schedules anything.
 */
describe('single machine: scheduled jobs', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-standalone-'));
  let server: RunningServiceProcess;

  beforeAll(async () => {
    db = await createTestDatabase('scheduled');
    server = await startServiceProcess({
      title: 'uploads and contests under test',
      modules: [TestIdentityModule, UploadsModule, ContestsModule],
      env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('schedules each sweeper once', () => {
    // A second scheduler module would bring its own registry holding the same jobs again.
    const registries = server.app.get(SchedulerRegistry, { strict: false, each: true });
    expect(registries.flatMap((registry) => registry.getIntervals())).toHaveLength(3);
  });
});
