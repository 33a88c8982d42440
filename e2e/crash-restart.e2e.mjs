import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { eventually, freePort, startServer } from './harness.mjs';

// The single machine after a crash: a supervisor (systemd, k8s) restarts a killed app on the
// same data folder and expects it to come up with no hand work and nothing lost.
const QUICK = { SEED_DEMO: 'false' };

async function post(url, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function signIn(server, account) {
  await post(server.url, '/api/user/code/send', { account });
  const code = await eventually(() => server.mailboxCode(account));
  const login = await post(server.url, '/api/user/login', { account, code });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.data.token;
}

async function sessionOf(server, token) {
  return post(server.url, '/api/session', {}, { access_token: token });
}

/** postmaster.pid: line 1 the pid, line 4 the port. */
function postmaster(dataDir) {
  const lines = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Running, as opposed to gone or exited and not yet reaped (a zombie answers signal 0 too). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Child processes of `pid` that are not PostgreSQL (the app's helpers). */
function helpersOf(pid) {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/comm`, 'utf8').trim() !== 'postgres';
    } catch {
      return false;
    }
  });
}

describe('a killed app starts again on its data folder', () => {
  const servers = [];
  after(async () => {
    for (const server of servers) await server.stop({ keepData: true });
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function crashAndRestart(env, { killHelpers }) {
    const first = await startServer({ ...QUICK, ...env });
    servers.push(first);
    const token = await signIn(first, '13800000011');
    const before = await sessionOf(first, token);
    assert.equal(before.status, 200, JSON.stringify(before.body));
    const database = postmaster(first.dataDir);

    // A crash with no clean-up: the app dies by SIGKILL; with killHelpers its helpers die with it,
    // so the database is left running as an orphan for the next start to deal with.
    if (killHelpers) for (const helper of helpersOf(first.pid)) process.kill(helper, 'SIGKILL');
    await first.kill();

    const second = await startServer({ ...QUICK, ...env }, { dataDir: first.dataDir });
    servers.push(second);
    // The old server removes its pid file before its last processes have exited.
    await eventually(() => !isAlive(database.pid), { timeoutMs: 15_000 }).catch(() => assert.fail('the old database process is gone'));
    if (killHelpers) assert.match(second.output(), /left running by an earlier run/);
    const afterRestart = await sessionOf(second, token);
    assert.equal(afterRestart.status, 200, JSON.stringify(afterRestart.body));
    assert.deepEqual(afterRestart.body.data, before.body.data, 'the account and its session survived');
  }

  it('on a fixed database port, with nothing left to the next start', async () => {
    await crashAndRestart({ EMBEDDED_PG_PORT: String(await freePort()) }, { killHelpers: false });
  });

  it('on a database port picked at start, with the old database still running', async () => {
    await crashAndRestart({ EMBEDDED_PG_PORT: '0' }, { killHelpers: true });
  });
});
