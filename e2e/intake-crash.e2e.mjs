import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { EmbeddedPostgresServer, PostgresEventTransport } from '../libs/platform/dist/index.js';
import { eventually, freePort } from './harness.mjs';

// A published material is always searchable: the catalogue service is killed (SIGKILL, no
// shutdown) while it is taking in an approved contribution, exactly when the material row is
// written and its search entry is being made. After a restart the redelivered event must leave
// one published material that keyword search finds.
const BLOCK_KEY = 730_001;

describe('intake survives a crash between writing the material and indexing it', () => {
  let database;
  let admin;
  let dataDir;
  let child;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mkt-crash-'));
    database = new EmbeddedPostgresServer({ dataDir: join(dataDir, 'postgres'), port: 0, password: 'marketplace', settings: { fsync: 'off' } });
    await database.start();
    await database.createDatabaseIfMissing('marketplace');
    admin = new pg.Client({ connectionString: database.adminUrl('marketplace') });
    await admin.connect();
  });
  after(async () => {
    child?.process.kill('SIGKILL');
    await admin?.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function startCatalogue() {
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.adminUrl('marketplace'),
      SEED_DEMO: 'false',
      READ_CACHE_SECONDS: '0',
      EVENT_VISIBILITY_TIMEOUT_SECONDS: '2',
      LOG_LEVEL: 'warn',
    };
    const process_ = spawn(process.execPath, ['services/catalogue/dist/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    process_.stdout.on('data', (chunk) => (output += chunk));
    process_.stderr.on('data', (chunk) => (output += chunk));
    const url = `http://127.0.0.1:${port}`;
    await eventually(
      async () => {
        if (process_.exitCode !== null) throw new Error(`catalogue exited:\n${output}`);
        const response = await fetch(`${url}/health/ready`).catch(() => null);
        return response?.ok ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    return { process: process_, url, output: () => output };
  }

  async function search(url, keyword) {
    const response = await fetch(`${url}/api/material/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ keyword, type: 'video' }),
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return body.data.infos;
  }

  it('finds the material after the restart, once', async () => {
    child = await startCatalogue();
    const first = child;

    // Whatever writes a material's search vector waits on a lock this test holds, so the intake
    // stops right there, with the material row already written.
    await admin.query(`SELECT pg_advisory_lock(${BLOCK_KEY})`);
    await admin.query(`
      CREATE FUNCTION catalogue.crash_test_block() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(${BLOCK_KEY}); RETURN NEW; END $$`);
    await admin.query(`
      CREATE TRIGGER crash_test_block BEFORE UPDATE OF search_vector ON catalogue.materials
      FOR EACH ROW EXECUTE FUNCTION catalogue.crash_test_block()`);

    const originalKey = `originals/crash-${randomUUID()}.mp4`;
    const transport = new PostgresEventTransport({ transport: 'postgres', connectionString: database.adminUrl('marketplace') });
    await transport.start();
    await transport.publish([
      {
        id: randomUUID(),
        name: 'contribution.approved',
        version: 1,
        aggregateId: '1',
        occurredAt: new Date().toISOString(),
        payload: {
          uploadId: 1,
          contributorId: randomUUID(),
          kind: 'video',
          titleZh: '风暴中的灯塔',
          titleEn: 'Lighthouse in a storm',
          keywordsZh: ['灯塔'],
          keywordsEn: ['lighthouse', 'storm'],
          descriptionZh: '',
          descriptionEn: '',
          probe: { codec: 'h264', width: 1920, height: 1080, durationSeconds: 4, fps: 25, colorSpace: 'bt709', colorTransfer: 'bt709', maxResolution: '1080P' },
          originalKey,
          preview480Key: null,
          thumbnailKey: 'renditions/crash/thumb.jpg',
          sampleKey: 'renditions/crash/sample.mp4',
          previewStripKey: null,
          approvedAt: new Date().toISOString(),
        },
      },
    ]);
    await transport.stop();

    const blocked = await eventually(async () => {
      const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND pid <> pg_backend_pid()`);
      return rows[0]?.pid;
    }, { timeoutMs: 30_000 });

    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    // The server notices a dead client only when it next talks to it: end the stranded backend,
    // as a server that lost its client does.
    await admin.query('SELECT pg_terminate_backend($1)', [blocked]);
    await admin.query('DROP TRIGGER crash_test_block ON catalogue.materials');
    await admin.query('DROP FUNCTION catalogue.crash_test_block()');
    await admin.query(`SELECT pg_advisory_unlock(${BLOCK_KEY})`);

    child = await startCatalogue();
    const found = await eventually(async () => {
      const infos = await search(child.url, 'lighthouse');
      return infos.length > 0 ? infos : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    assert.deepEqual(found.map((m) => m.title), ['Lighthouse in a storm']);
    const { rows } = await admin.query(`SELECT status FROM catalogue.materials WHERE original_key = $1`, [originalKey]);
    assert.deepEqual(rows, [{ status: 'published' }]);
  });
});
