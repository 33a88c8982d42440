// Starts the built single-machine server the way `npm start` does (fresh data folder, free ports)
// and drives Debian's Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Every test server seeds the same demo on a fresh data folder: its rendered media are kept here
 * and copied, so only the first server of a run (or after a renderer change) renders them.
 */
const DEMO_MEDIA_CACHE = join(tmpdir(), 'mkt-e2e-demo-media');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `extraEnv` adds to (or overrides) the server's environment, e.g. a test clock. `options.dataDir`
 * starts on an existing data folder (a restart) and `options.port` on a given HTTP port.
 */
export async function startServer(extraEnv = {}, options = {}) {
  // freePort's port was free a moment ago; the embedded PostgreSQL (also on a free port) or any
  // other process may take it before the app listens. A fresh server on a fresh port and data
  // folder is then the same test; a given port or data folder is the test's own and not retried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launchServer(extraEnv, options);
    } catch (error) {
      if (options.port || options.dataDir || attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

/**
 * Each test file's server has the demo catalogue; the visual indexing job (which decodes every
 * demo clip once) and the preview streams job (which encodes every demo preview once) run only
 * where a test turns them on (VISUAL_INDEXING, PREVIEW_STREAMS: 'on'), so the other files'
 * timings are not shared with them on two cores.
 */
async function launchServer(extraEnv, options) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mkt-e2e-'));
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['apps/standalone/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DEMO_CATALOGUE_SIZE: '24', DEMO_MUSIC_SIZE: process.env.DEMO_MUSIC_SIZE ?? '6', DEMO_WAIT: 'true', DEMO_MEDIA_CACHE: DEMO_MEDIA_CACHE, VISUAL_INDEXING: 'off', PREVIEW_STREAMS: 'off', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw new (/EADDRINUSE/.test(output) ? PortTakenError : Error)(`server exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    output: () => output,
    /** Kills the process at once, as a crash would; the data folder stays. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async mailboxCode(account) {
      const response = await fetch(`${url}/dev/mailbox?to=${encodeURIComponent(account)}`);
      const { messages } = await response.json();
      return messages[0]?.code;
    },
    /** `keepData` leaves the data folder for a restart. */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // Unref'd: a pending 15 s timer would keep the test process alive after a prompt exit.
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh browser context signed in to the console as a staff member, and the token it keeps. */
export async function staffSignIn(env, username, password) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.server.url}/admin/`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  return { context, page, token: await page.evaluate(() => localStorage.getItem('admin_token')) };
}

/**
 * Signs a store account in with a code from the dev mailbox, as a person would. An account signed
 * in before has older codes there: the new one is waited for.
 */
export async function signInOnStore(server, page, account) {
  const earlier = await server.mailboxCode(account);
  await page.goto(`${server.url}/Login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-send-code').click();
  const code = await eventually(async () => {
    const latest = await server.mailboxCode(account);
    return latest !== earlier ? latest : undefined;
  });
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Opens the store's user menu; a click that lands while the page is still moving on is tried again. */
export async function openUserMenu(page) {
  await eventually(async () => {
    if (!(await page.getByTestId('logoff').isVisible())) await page.getByTestId('user-menu').click();
    return page.getByTestId('logoff').isVisible();
  }, { timeoutMs: 20_000, intervalMs: 500 });
}

/** Finance's "generate statements" dialog in the console, filled and sent; it stays open on a refusal. */
export async function generateStatementsInConsole(page, { year, quarter }) {
  await page.getByTestId('admin-statements-generate').click();
  await page.getByTestId('admin-statements-generate-dialog').waitFor();
  await page.getByTestId('admin-statements-generate-year').fill(String(year));
  await page.getByTestId('admin-statements-generate-quarter').click();
  await page.getByTestId(`admin-statements-generate-quarter-${quarter}`).click();
  await page.locator('[role=listbox]').waitFor({ state: 'detached' });
  await page.getByTestId('admin-statements-generate-submit').click();
}

/** Polls until `read` returns a truthy value (for codes that arrive through the mailbox). */
export async function eventually(read, { timeoutMs = 10_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Registers before/after hooks that start one server and one browser for a test file and
 * returns a holder filled in once they run. `options.env` goes to the server's environment.
 */
export function useServerAndBrowser(hooks, options = {}) {
  const env = { server: undefined, browser: undefined };
  hooks.before(async () => {
    env.server = await startServer(options.env);
    env.browser = await launchBrowser();
  });
  hooks.after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
