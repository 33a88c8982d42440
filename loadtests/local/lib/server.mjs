// Starts a server as a child process, times it until it answers, and stops it again.
// Every child is tracked: on exit, on an uncaught error or on Ctrl-C none is left behind.

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertLoopback } from './loopback.mjs';

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
let cleanupInstalled = false;

/**
 * Sends a signal to a child and, when `group` is set, to its whole process group (the child is
 * started as a group leader, so this reaches the processes it started itself, such as an
 * embedded database).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 * @param {boolean} group
 */
function signalChild(child, signal, group) {
  try {
    if (group && child.pid !== undefined) process.kill(-child.pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  } catch {
    // already gone
  }
}

function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  // Last resort: the process is exiting, only synchronous work is possible.
  process.on('exit', () => {
    for (const child of running) signalChild(child, 'SIGKILL', true);
  });
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping ${running.size} child process(es)\n`);
      stopAll().finally(() => process.exit(130));
    });
  }
}

/**
 * Stops every child still running: SIGTERM, then SIGKILL to the group after `timeoutMs`.
 * @param {number} [timeoutMs]
 */
export async function stopAll(timeoutMs = 10_000) {
  await Promise.all([...running].map((child) => stopProcess(child, { timeoutMs })));
}

/**
 * A TCP port that was free a moment ago on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error('no port assigned'))));
    });
  });
}

/**
 * The status of one GET, or null when nothing answered in time.
 * @param {string} url
 * @param {number} timeoutMs
 * @returns {Promise<number | null>}
 */
export function probe(url, timeoutMs = 1000) {
  assertLoopback(url);
  return new Promise((resolveStatus) => {
    const req = request(url, { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolveStatus(res.statusCode ?? null);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolveStatus(null));
    req.end();
  });
}

/** Keeps the last lines a child printed, for error messages. */
class OutputTail {
  /** @param {number} maxLines */
  constructor(maxLines) {
    this.maxLines = maxLines;
    /** @type {string[]} */
    this.lines = [];
    this.partial = '';
  }

  /** @param {Buffer | string} chunk */
  push(chunk) {
    const parts = (this.partial + chunk.toString()).split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines);
  }

  text() {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }
}

/**
 * @typedef {object} StopResult
 * @property {number} stopMs     from the signal to the exit
 * @property {number | null} code
 * @property {NodeJS.Signals | null} signal
 * @property {boolean} forced    SIGKILL was needed
 */

/** @type {WeakMap<import('node:child_process').ChildProcess, Promise<{ code: number | null, signal: NodeJS.Signals | null }>>} */
const exits = new WeakMap();

/**
 * SIGTERM to the child, wait for it to exit; SIGKILL to its group if it has not within
 * `timeoutMs`.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ timeoutMs?: number, signal?: NodeJS.Signals }} [options]
 * @returns {Promise<StopResult>}
 */
export async function stopProcess(child, { timeoutMs = 20_000, signal = 'SIGTERM' } = {}) {
  const exited = exits.get(child);
  if (!exited) throw new Error('not a child started by startServer');
  const started = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) {
    const info = await exited;
    return { stopMs: 0, ...info, forced: false };
  }
  signalChild(child, signal, false);
  const inTime = await Promise.race([exited, sleep(timeoutMs).then(() => null)]);
  if (inTime) return { stopMs: performance.now() - started, ...inTime, forced: false };
  signalChild(child, 'SIGKILL', true);
  const info = await Promise.race([exited, sleep(5_000).then(() => ({ code: null, signal: null }))]);
  return { stopMs: performance.now() - started, ...info, forced: true };
}

/**
 * @typedef {object} StartedServer
 * @property {string} name
 * @property {number} pid
 * @property {number} port
 * @property {string} baseUrl          http://127.0.0.1:<port>
 * @property {number} startupMs        from spawn to the first 200 on the ready path
 * @property {() => string} output     the last lines the child printed
 * @property {(options?: { timeoutMs?: number }) => Promise<StopResult>} stop
 */

/**
 * Spawns `command args` (Node by default), then polls `GET <readyPath>` until it answers 200.
 * Fails, and stops the child, if it exits first or does not answer within `readyTimeoutMs`.
 * @param {object} options
 * @param {string} options.name                 for messages
 * @param {string[]} options.args
 * @param {number} options.port                 where the child will listen (passed by the caller in env/args)
 * @param {string} [options.command]
 * @param {string} [options.cwd]
 * @param {NodeJS.ProcessEnv} [options.env]
 * @param {string} [options.readyPath]
 * @param {number} [options.readyTimeoutMs]
 * @param {number} [options.pollIntervalMs]
 * @returns {Promise<StartedServer>}
 */
export async function startServer({
  name,
  args,
  port,
  command = process.execPath,
  cwd = process.cwd(),
  env = process.env,
  readyPath = '/health/ready',
  readyTimeoutMs = 120_000,
  pollIntervalMs = 20,
}) {
  installCleanup();
  const baseUrl = `http://127.0.0.1:${port}`;
  const readyUrl = `${baseUrl}${readyPath}`;
  assertLoopback(readyUrl);
  const tail = new OutputTail(200);
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exitInfo = null;
  /** @type {Error | null} */
  let spawnError = null;
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      exitInfo = { code, signal };
      resolveExit(exitInfo);
    });
  });
  exits.set(child, /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */ (exited));
  child.once('error', (error) => {
    spawnError = error;
  });
  child.stdout?.on('data', (chunk) => tail.push(chunk));
  child.stderr?.on('data', (chunk) => tail.push(chunk));

  const deadline = started + readyTimeoutMs;
  let lastStatus = /** @type {number | null} */ (null);
  for (;;) {
    if (spawnError) throw new Error(`${name}: could not start: ${/** @type {Error} */ (spawnError).message}`);
    if (exitInfo) {
      const { code, signal } = exitInfo;
      throw new Error(`${name} exited (code ${code}, signal ${signal}) before it was ready. Its last output:\n${tail.text()}`);
    }
    if (performance.now() > deadline) {
      await stopProcess(child, { timeoutMs: 5_000 });
      throw new Error(
        `${name} was not ready within ${readyTimeoutMs} ms (last status ${lastStatus ?? 'none'}). Its last output:\n${tail.text()}`,
      );
    }
    lastStatus = await probe(readyUrl, 1_000);
    if (lastStatus === 200) break;
    await sleep(pollIntervalMs);
  }
  const startupMs = performance.now() - started;
  return {
    name,
    pid: /** @type {number} */ (child.pid),
    port,
    baseUrl,
    startupMs,
    output: () => tail.text(),
    stop: (options) => stopProcess(child, options),
  };
}
